import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  NO_STREAM,
  type RecordedEvent,
  StreamNotFound,
  WrongExpectedVersion,
} from '@shop/contracts';
import { conflict } from '../errors';
import type { AggregateCache } from './aggregate-cache';

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

/** Waits until the read models have processed a position, so a reader sees the write at once. */
export interface ReadModelWaiter {
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
}

export interface CommandContext {
  /** User id of whoever issued the command, or 'system'. */
  actor: string;
  correlationId?: string;
  causationId?: string;
}

export interface CommandDeps {
  store: EventStore;
  projections: ReadModelWaiter;
  /** Attempts after a WrongExpectedVersion before giving up with 409. */
  maxRetries?: number;
  /** How long to wait for the read models before answering anyway. */
  visibilityTimeoutMs?: number;
  /** Folded states to start from; without it every command folds its stream from the first event. */
  aggregates?: AggregateCache;
}

export interface CommandResult<State, Event> {
  state: State;
  events: readonly Event[];
  /** Global position of the last appended event; undefined when the command changed nothing. */
  position?: number;
  /** The stream's revision after the command (-1 when it has no events). */
  revision: number;
}

/**
 * Read -> fold -> decide -> append, retrying on a concurrent write, then waiting (bounded) until the
 * read models have caught up with what was appended.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<State, Event>> {
  const attempts = 1 + (deps.maxRetries ?? 5);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const { state, revision } = await currentState(deps, decider, streamName);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, revision };
    try {
      const appended = await deps.store.append(
        streamName,
        events.map((e) => withMetadata(e, context)),
        {
          expectedRevision: revision === -1 ? NO_STREAM : revision,
        },
      );
      const after = events.reduce(decider.evolve, state);
      deps.aggregates?.set(streamName, decider.evolve, after, appended.nextExpectedRevision);
      await deps.projections.waitForPosition(appended.position, deps.visibilityTimeoutMs ?? 2_000);
      return { state: after, events, position: appended.position, revision: appended.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt === attempts) {
        if (error instanceof WrongExpectedVersion) break;
        throw error;
      }
    }
  }
  throw conflict('This record is being changed by someone else right now. Please try again.');
}

/** The stream folded to its last event (revision -1 when it has none), from the cache when it can. */
async function currentState<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
): Promise<{ state: State; revision: number }> {
  const cached = deps.aggregates?.get<State>(streamName, decider.evolve);
  const tail = await readStreamOrEmpty(deps.store, streamName, cached ? cached.revision + 1 : undefined);
  const state = (tail as unknown as Event[]).reduce(decider.evolve, cached?.state ?? decider.initialState());
  const revision = tail.at(-1)?.revision ?? cached?.revision ?? -1;
  if (tail.length > 0) deps.aggregates?.set(streamName, decider.evolve, state, revision);
  return { state, revision };
}

/** The stream's events (from a revision, when given), or none when it does not exist yet. */
export async function readStreamOrEmpty(
  store: EventStore,
  streamName: string,
  fromRevision?: number,
): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamName, fromRevision === undefined ? {} : { fromRevision });
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}

function withMetadata(event: DomainEvent, context: CommandContext): NewEvent {
  const metadata: Partial<EventMetadata> = { actor: context.actor };
  if (context.correlationId) metadata.correlationId = context.correlationId;
  if (context.causationId) metadata.causationId = context.causationId;
  return { type: event.type, data: event.data, metadata };
}
