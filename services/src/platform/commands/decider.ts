/** A domain event before it is stored: a tagged union member. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** The pure half of an aggregate: no I/O, no clock; time and ids come in with the command. */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Returns the events the command causes, or throws an AppError the caller will see. */
  decide: (command: Command, state: State) => readonly Event[];
}
