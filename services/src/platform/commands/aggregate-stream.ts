import { type EventStore, type RecordedEvent, StreamNotFound } from '@shop/contracts';
import type { Decider, DomainEvent } from './decider';

/** What folding a stream needs of its aggregate's decider. */
export type Fold<State, Event extends DomainEvent> = Pick<
  Decider<State, never, Event>,
  'initialState' | 'evolve'
>;

/** A stream folded to its last event. */
export interface AggregatedStream<State, Event> {
  state: State;
  /** The events read (from `after`'s next revision when given), oldest first. */
  events: readonly Event[];
  /** Revision of the last event folded in; -1 when the stream has none. */
  revision: number;
}

/**
 * Reads a stream and folds it with the decider's `evolve`, from its `initialState` or from a state
 * already folded up to `after.revision` (then only the events after it are read). The store upcasts
 * what it reads, so every event arrives at its current schema.
 */
export async function aggregateStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  decider: Fold<State, Event>,
  after?: { state: State; revision: number },
): Promise<AggregatedStream<State, Event>> {
  const recorded = await readStreamOrEmpty(store, streamName, after && after.revision + 1);
  const events = eventsOf<Event>(recorded);
  const state = events.reduce(decider.evolve, after?.state ?? decider.initialState());
  return { state, events, revision: recorded.at(-1)?.revision ?? after?.revision ?? -1 };
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

/**
 * A stream holds one aggregate's events only (its name says whose), appended through its decider, so
 * what is read back is that decider's event union.
 */
function eventsOf<Event extends DomainEvent>(recorded: readonly DomainEvent[]): Event[] {
  return recorded as Event[];
}
