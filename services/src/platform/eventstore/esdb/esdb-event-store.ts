import { randomUUID } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  type ReadPosition,
  START,
} from '@eventstore/db-client';
import {
  type AllSubscription,
  ANY,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  StreamNotFound,
  type SubscribeToAllOptions,
  WrongExpectedVersion,
} from '@shop/contracts';
import { matchesExpectedRevision } from '../port-conventions';
import {
  backoffDelay,
  fromEsdbPosition,
  fromEsdbRecordedEvent,
  isSystemEvent,
  isTransientEsdbError,
  toEsdbExpectedRevision,
  toEsdbMetadata,
  toEsdbPosition,
  translateEsdbError,
} from './esdb-mapping';
import { EsdbAllSubscription } from './esdb-subscription';

export interface EsdbEventStoreOptions {
  /** An esdb:// or esdb+discover:// connection string; cluster forms (several hosts, gossip) included. */
  connectionString: string;
  /** Retries of a call that failed on a leader change or a brief outage. Defaults to 6 (about 5 s in all). */
  maxRetries?: number;
}

const DEFAULT_MAX_BATCH_SIZE = 500;
/** Events read per round trip when $all is read page by page, system events filtered out here. */
const PAGE_SIZE = 500;

/**
 * The EventStore port on EventStoreDB. Revisions are EventStoreDB's own (from 0, as ours); positions are
 * commit positions, so they grow but are not dense. System events ($-prefixed types) never show.
 * Event ids are assigned before the first attempt, so a retried append is recognised by the server as
 * the same write (it is idempotent on event ids) rather than written twice.
 */
export function openEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.connectionString);
  const maxRetries = options.maxRetries ?? 6;
  const subscriptions = new Set<EsdbAllSubscription>();
  let closed = false;

  async function withRetry<Result>(work: () => Promise<Result>): Promise<Result> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (closed || attempt > maxRetries || !isTransientEsdbError(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
      }
    }
  }

  function assertOpen(): void {
    if (closed) throw new Error('The EventStoreDB event store is closed');
  }

  async function readStreamRaw(stream: string, readOptions: ReadStreamOptions): Promise<RecordedEvent[]> {
    const { direction = 'forwards', maxCount } = readOptions;
    const from = readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
    const events: RecordedEvent[] = [];
    const read = client.readStream(stream, {
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      fromRevision: from === 'start' ? START : from === 'end' ? END : BigInt(from),
      ...(maxCount === undefined ? {} : { maxCount: BigInt(maxCount) }),
      resolveLinkTos: false,
    });
    for await (const resolved of read) {
      if (resolved.event) events.push(fromEsdbRecordedEvent(resolved.event, resolved.commitPosition));
    }
    return events;
  }

  /** The stream's current revision, or undefined when it has no events. */
  async function currentRevision(stream: string): Promise<RecordedEvent | undefined> {
    try {
      const [last] = await readStreamRaw(stream, { direction: 'backwards', maxCount: 1 });
      return last;
    } catch (error) {
      if (translateEsdbError(error, stream, ANY) instanceof StreamNotFound) return undefined;
      throw error;
    }
  }

  async function appendNothing(stream: string, expected: ExpectedRevision): Promise<AppendResult> {
    const last = await currentRevision(stream);
    if (!matchesExpectedRevision(expected, last?.revision)) {
      throw new WrongExpectedVersion(stream, expected, last?.revision ?? 'no_stream');
    }
    return last
      ? { nextExpectedRevision: last.revision, position: last.position }
      : { nextExpectedRevision: -1, position: 0 };
  }

  /** Reads $all a page at a time, leaving system events out, until `maxCount` of ours are found. */
  async function readAllFiltered(readOptions: ReadAllOptions): Promise<RecordedEvent[]> {
    const { direction = 'forwards', maxCount = Number.POSITIVE_INFINITY } = readOptions;
    const from = readOptions.fromPosition ?? (direction === 'forwards' ? 'start' : 'end');
    const found: RecordedEvent[] = [];
    let cursor: ReadPosition = from === 'start' ? START : from === 'end' ? END : toEsdbPosition(from);
    let skipPosition: number | undefined;
    while (found.length < maxCount) {
      const page: AllStreamResolvedEvent[] = [];
      for await (const resolved of client.readAll({
        direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
        fromPosition: cursor,
        maxCount: PAGE_SIZE,
        resolveLinkTos: false,
      })) {
        page.push(resolved);
      }
      for (const resolved of page) {
        const event = resolved.event;
        if (!event || isSystemEvent(event.type)) continue;
        const recorded = fromEsdbRecordedEvent(event, resolved.commitPosition);
        if (recorded.position === skipPosition) continue;
        if (found.length < maxCount) found.push(recorded);
      }
      const last = page.at(-1)?.event;
      if (page.length < PAGE_SIZE || !last?.position) break;
      // The next page starts at the last event read, inclusive: skip it there.
      cursor = last.position;
      skipPosition = fromEsdbPosition(last.position);
    }
    return found;
  }

  return {
    async append(stream, events: readonly NewEvent[], appendOptions) {
      assertOpen();
      const expected = appendOptions?.expectedRevision ?? ANY;
      if (events.length === 0) return withRetry(() => appendNothing(stream, expected));
      const toWrite = events.map((event) =>
        jsonEvent({
          id: event.id ?? randomUUID(),
          type: event.type,
          data: (event.data ?? null) as never,
          metadata: toEsdbMetadata(event.metadata),
        }),
      );
      try {
        const result = await withRetry(() =>
          client.appendToStream(stream, toWrite, { expectedRevision: toEsdbExpectedRevision(expected) }),
        );
        return {
          nextExpectedRevision: Number(result.nextExpectedRevision),
          position: fromEsdbPosition(result.position),
        };
      } catch (error) {
        throw translateEsdbError(error, stream, expected);
      }
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      try {
        return await withRetry(() => readStreamRaw(stream, readOptions));
      } catch (error) {
        throw translateEsdbError(error, stream, ANY);
      }
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertOpen();
      return withRetry(() => readAllFiltered(readOptions));
    },

    subscribeToAll(subscribeOptions: SubscribeToAllOptions): AllSubscription {
      assertOpen();
      const { fromPosition, maxBatchSize = DEFAULT_MAX_BATCH_SIZE } = subscribeOptions;
      const subscription: EsdbAllSubscription = new EsdbAllSubscription(client, {
        fromPosition: fromPosition === 'start' ? 0 : fromPosition,
        maxBatchSize,
        maxRetries,
        onEnd: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      assertOpen();
      const [last] = await withRetry(() => readAllFiltered({ direction: 'backwards', maxCount: 1 }));
      return last?.position ?? 0;
    },

    // EventStoreDB keeps no count: the events are read (bounded by `limit`, plus the one at `position`).
    async countAfter(position, limit) {
      assertOpen();
      const read = await withRetry(() => readAllFiltered({ fromPosition: position, maxCount: limit + 1 }));
      return Math.min(limit, read.filter((event) => event.position > position).length);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await client.dispose();
    },
  };
}
