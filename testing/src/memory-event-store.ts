import {
  type AllSubscription,
  ANY,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  NO_STREAM,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  STREAM_EXISTS,
  StreamNotFound,
  uuidv7,
  WrongExpectedVersion,
} from '@shop/contracts';

/** One stored event, kept as JSON text so a reader never shares objects with the writer. */
interface StoredEvent {
  id: string;
  streamName: string;
  type: string;
  data: string;
  metadata: string;
  revision: number;
  position: number;
  timestamp: number;
}

/**
 * The log behind one or more in-memory connections: open several stores on the same log to act
 * as several connections (or processes) sharing one event store.
 */
export class MemoryLog {
  readonly events: StoredEvent[] = [];
  readonly revisions = new Map<string, number>();
  readonly #listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The log as text, for a child process to open (`MemoryLog.fromText`). */
  toText(): string {
    return JSON.stringify(this.events);
  }

  static fromText(text: string): MemoryLog {
    const log = new MemoryLog();
    for (const event of JSON.parse(text) as StoredEvent[]) {
      log.events.push(event);
      log.revisions.set(event.streamName, event.revision);
    }
    return log;
  }
}

export interface MemoryEventStoreOptions {
  /** The log to open; a fresh one when omitted. */
  log?: MemoryLog;
  /** Epoch milliseconds stamped on appended events. */
  now?: () => number;
  newId?: () => string;
}

/**
 * An EventStore held in memory, for tests of code that only needs the port: projectors, the
 * runner, reactors. It passes the same contract suite as the real adapters (services' contract
 * tests run it), so a test on it sees the semantics of SQLite, PostgreSQL and EventStoreDB.
 */
export function openMemoryEventStore(options: MemoryEventStoreOptions = {}): EventStore {
  const { log = new MemoryLog(), now = Date.now, newId = uuidv7 } = options;
  const subscriptions = new Set<MemorySubscription>();
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new Error('The in-memory event store is closed');
  };

  return {
    async append(stream: string, events: readonly NewEvent[], appendOptions: AppendOptions = {}) {
      assertOpen();
      const current = log.revisions.get(stream);
      assertExpected(stream, appendOptions.expectedRevision ?? ANY, current);
      if (events.length === 0) return describe(log, stream, current);
      const timestamp = now();
      // Serialised first, so an event that cannot be stored leaves the log untouched.
      const stored = events.map(
        (event, index): StoredEvent => ({
          id: event.id ?? newId(),
          streamName: stream,
          type: event.type,
          data: JSON.stringify(event.data) ?? 'null',
          metadata: JSON.stringify(completeMetadata(event.metadata)),
          revision: (current ?? -1) + index + 1,
          position: log.events.length + index + 1,
          timestamp,
        }),
      );
      log.events.push(...stored);
      const last = stored.at(-1)!;
      log.revisions.set(stream, last.revision);
      log.notify();
      return { nextExpectedRevision: last.revision, position: last.position } satisfies AppendResult;
    },

    async readStream(stream: string, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      if (!log.revisions.has(stream)) throw new StreamNotFound(stream);
      const all = log.events.filter((event) => event.streamName === stream);
      return window(
        all,
        (event) => event.revision,
        readOptions.direction,
        readOptions.fromRevision,
        readOptions.maxCount,
      );
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertOpen();
      return window(
        log.events,
        (event) => event.position,
        readOptions.direction,
        readOptions.fromPosition,
        readOptions.maxCount,
      );
    },

    subscribeToAll({ fromPosition, maxBatchSize = 500 }) {
      assertOpen();
      const subscription = new MemorySubscription(
        log,
        fromPosition === 'start' ? 0 : fromPosition,
        maxBatchSize,
        () => subscriptions.delete(subscription),
      );
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      assertOpen();
      return log.events.length;
    },

    async countAfter(position, limit) {
      assertOpen();
      return Math.min(limit, Math.max(0, log.events.length - position));
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
    },
  };
}

function assertExpected(stream: string, expected: ExpectedRevision, current: number | undefined): void {
  const actual = current ?? NO_STREAM;
  const ok =
    expected === ANY ||
    (expected === NO_STREAM && current === undefined) ||
    (expected === STREAM_EXISTS && current !== undefined) ||
    expected === current;
  if (!ok) throw new WrongExpectedVersion(stream, expected, actual);
}

function describe(log: MemoryLog, stream: string, current: number | undefined): AppendResult {
  if (current === undefined) return { nextExpectedRevision: -1, position: 0 };
  const last = log.events.findLast((event) => event.streamName === stream);
  return { nextExpectedRevision: current, position: last?.position ?? 0 };
}

function completeMetadata(metadata: Partial<EventMetadata> = {}): EventMetadata {
  return { ...metadata, schemaVersion: metadata.schemaVersion ?? 1, actor: metadata.actor ?? 'system' };
}

function recorded(event: StoredEvent): RecordedEvent {
  return { ...event, data: JSON.parse(event.data), metadata: JSON.parse(event.metadata) };
}

/** The events from `from` (inclusive; 'start' or 'end' by default per direction), at most maxCount. */
function window(
  events: readonly StoredEvent[],
  key: (event: StoredEvent) => number,
  direction: 'forwards' | 'backwards' = 'forwards',
  from: number | 'start' | 'end' = direction === 'forwards' ? 'start' : 'end',
  maxCount = Number.POSITIVE_INFINITY,
): RecordedEvent[] {
  const chosen =
    direction === 'forwards'
      ? events.filter((event) => from === 'start' || (from !== 'end' && key(event) >= from))
      : events.filter((event) => from === 'end' || (from !== 'start' && key(event) <= from)).reverse();
  return chosen.slice(0, maxCount).map(recorded);
}

/** Delivers the log after a position in batches, then each append as it happens. */
class MemorySubscription implements AllSubscription {
  #position: number;
  #ended = false;
  #wake: (() => void) | undefined;
  #previous: Promise<unknown> = Promise.resolve();
  readonly #stopListening: () => void;

  constructor(
    private readonly log: MemoryLog,
    fromPosition: number,
    private readonly maxBatchSize: number,
    private readonly onEnd: () => void,
  ) {
    this.#position = fromPosition;
    this.#stopListening = log.listen(() => this.#wake?.());
  }

  async unsubscribe(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    this.#stopListening();
    this.#wake?.();
    this.onEnd();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent[]> {
    return {
      next: () => {
        // Serialised so two callers of next() never receive the same batch.
        const pulled = this.#previous.then(() => this.#next());
        this.#previous = pulled.catch(() => undefined);
        return pulled;
      },
      return: async () => {
        await this.unsubscribe();
        return { done: true, value: undefined };
      },
    };
  }

  async #next(): Promise<IteratorResult<RecordedEvent[]>> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!this.#ended) {
      const batch = this.log.events.slice(this.#position, this.#position + this.maxBatchSize);
      if (batch.length > 0) {
        this.#position = batch.at(-1)!.position;
        return { done: false, value: batch.map(recorded) };
      }
      await new Promise<void>((resolve) => {
        this.#wake = () => {
          this.#wake = undefined;
          resolve();
        };
      });
    }
    return { done: true, value: undefined };
  }
}
