import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  NO_STREAM,
  WrongExpectedVersion,
} from '@shop/contracts';
import { conflict } from '../errors';
import type { AggregateCache } from './aggregate-cache';
import { aggregateStream } from './aggregate-stream';
import type { Decider, DomainEvent } from './decider';
import { type RetryPolicy, retryPause } from './retry-policy';
import type { StreamTurns } from './stream-turns';

export type { Decider, DomainEvent } from './decider';

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
  /**
   * Commands on one stream take turns in this process instead of racing to the append (see
   * StreamTurns); without it (a bare test) they race and the retries settle them.
   */
  turns?: StreamTurns;
  /**
   * After a WrongExpectedVersion (another process wrote the stream first), how long to keep trying,
   * with backoff and jitter, and what to answer once that time is up.
   */
  retry?: Partial<RetryPolicy>;
  /**
   * How long to wait for the read models before answering anyway; 0: not at all, when a later
   * command of the same request waits for a later position (which covers this one).
   */
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

export interface CommandOptions {
  /**
   * The stream cannot exist yet (its id was drawn by this very request, e.g. a new order's): decide
   * on the initial state and append expecting no stream, without reading first.
   */
  newStream?: boolean;
}

/**
 * Read -> fold -> decide -> append, retrying on a concurrent write, then waiting (bounded) until the
 * read models have caught up with what was appended.
 *
 * With `turns`, commands on one stream in this process run one after the other, so they never refuse
 * each other; the retries (with backoff and jitter, until `retry.deadlineMs`) are for writes by other
 * processes sharing the log.
 *
 * The first attempt decides on what is already known without reading: the aggregate cache's fold (or
 * the initial state of a `newStream`), when that fold leads to events. The append's expected revision
 * refuses it if the stream moved on since, and the next attempt reads the tail. A refusal or a no-op
 * decided on a cached fold is never answered as it is: that fold may be stale, so the stream is read
 * and the command decided again. On PostgreSQL every read saved is a round trip (decision 015).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
  command: Command,
  context: CommandContext,
  options: CommandOptions = {},
): Promise<CommandResult<State, Event>> {
  const decideAndAppend = () =>
    decideAndAppendWithRetries(deps, decider, streamName, command, context, options);
  const result = await (deps.turns ? deps.turns.run(streamName, decideAndAppend) : decideAndAppend());
  // Outside the stream's turn: the next command on the stream need not wait for the read models.
  if (result.position !== undefined && deps.visibilityTimeoutMs !== 0) {
    await deps.projections.waitForPosition(result.position, deps.visibilityTimeoutMs ?? 2_000);
  }
  return result;
}

const DEFAULT_RETRY: RetryPolicy = {
  deadlineMs: 5_000,
  firstPauseMs: 2,
  longestPauseMs: 100,
  gaveUp: () => conflict('This record is being changed by someone else right now. Please try again.'),
};

async function decideAndAppendWithRetries<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
  command: Command,
  context: CommandContext,
  options: CommandOptions,
): Promise<CommandResult<State, Event>> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...deps.retry };
  const giveUpAt = performance.now() + policy.deadlineMs;
  for (let attempt = 1; ; attempt++) {
    const known = attempt === 1 ? knownState(deps, decider, streamName, options) : undefined;
    const optimistic = known && decidedOrUndefined(decider, command, known.state);
    const { state, revision } = optimistic ? known : await currentState(deps, decider, streamName);
    const events = optimistic ?? decider.decide(command, state);
    if (events.length === 0) return { state, events, revision };
    try {
      const appended = await deps.store.append(
        streamName,
        events.map((e) => withMetadata(e, context)),
        { expectedRevision: revision === -1 ? NO_STREAM : revision },
      );
      const after = events.reduce(decider.evolve, state);
      deps.aggregates?.set(streamName, decider.evolve, after, appended.nextExpectedRevision);
      return { state: after, events, position: appended.position, revision: appended.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
    // Another process wrote first (within one, turns prevent it): wait a little, longer each time and
    // never in step with the others, then read what it wrote and decide again.
    const pause = retryPause(policy, attempt);
    if (performance.now() + pause > giveUpAt) throw policy.gaveUp();
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** What is known of the stream without reading: a new stream's initial state, or the cached fold. */
function knownState<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
  options: CommandOptions,
): { state: State; revision: number } | undefined {
  if (options.newStream) return { state: decider.initialState(), revision: -1 };
  return deps.aggregates?.get<State>(streamName, decider.evolve);
}

/** The events the command causes on `state`; undefined when it causes none or is refused there. */
function decidedOrUndefined<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  command: Command,
  state: State,
): readonly Event[] | undefined {
  try {
    const events = decider.decide(command, state);
    return events.length > 0 ? events : undefined;
  } catch {
    return undefined;
  }
}

/** The stream folded to its last event (revision -1 when it has none), from the cache when it can. */
async function currentState<State, Command, Event extends DomainEvent>(
  deps: CommandDeps,
  decider: Decider<State, Command, Event>,
  streamName: string,
): Promise<{ state: State; revision: number }> {
  const cached = deps.aggregates?.get<State>(streamName, decider.evolve);
  const { state, events, revision } = await aggregateStream(deps.store, streamName, decider, cached);
  if (events.length > 0) deps.aggregates?.set(streamName, decider.evolve, state, revision);
  return { state, revision };
}

function withMetadata(event: DomainEvent, context: CommandContext): NewEvent {
  const metadata: Partial<EventMetadata> = { actor: context.actor };
  if (context.correlationId) metadata.correlationId = context.correlationId;
  if (context.causationId) metadata.causationId = context.causationId;
  return { type: event.type, data: event.data, metadata };
}
