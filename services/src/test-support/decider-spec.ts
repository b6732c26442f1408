import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../platform/commands/handle-command';
import { AppError } from '../platform/errors';

/** What a command did on a given history: the events it caused, or the error it was refused with. */
export interface DeciderOutcome<Event> {
  /** Asserts the command causes exactly these events (none: `[]`). */
  thenEvents(expected: readonly Event[]): void;
  /**
   * Asserts the command is refused with an AppError, runs `check` on it, and answers it for
   * assertions on its status, code or message.
   */
  thenThrows(check?: (error: AppError) => void): AppError;
  /** The events the command causes, for assertions other than equality. */
  events(): readonly Event[];
}

export interface DeciderHistory<State, Command, Event> {
  /** The state the history folds to. */
  state: State;
  when(command: Command): DeciderOutcome<Event>;
}

/**
 * Given these events, when this command, then these events or this error: a decider's tests
 * written the way the domain is described (after emmett's DeciderSpecification).
 *
 * @example
 * const spec = DeciderSpec.for(orderDecider);
 * spec.given(placed()).when(change('Paid')).thenEvents([changed('Pending', 'Paid')]);
 * expect(spec.given().when(change('Paid')).thenThrows().status).toBe(404);
 */
export const DeciderSpec = {
  for<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
    return {
      given(...history: Event[]): DeciderHistory<State, Command, Event> {
        const state = history.reduce(decider.evolve, decider.initialState());
        return {
          state,
          when: (command) => outcome(() => decider.decide(command, state)),
        };
      },
    };
  },
};

function outcome<Event>(decide: () => readonly Event[]): DeciderOutcome<Event> {
  return {
    thenEvents: (expected) => expect(decide()).toEqual(expected),
    thenThrows(check) {
      let refusal: unknown;
      try {
        decide();
      } catch (error) {
        refusal = error;
      }
      if (refusal === undefined) throw new Error('expected the command to be refused');
      if (!(refusal instanceof AppError)) throw refusal;
      check?.(refusal);
      return refusal;
    },
    events: decide,
  };
}
