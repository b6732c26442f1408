import {
  type AllSubscription,
  ANY,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  NO_STREAM,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
  uuidv7,
  WrongExpectedVersion,
} from '@shop/contracts';
import Database from 'better-sqlite3';
import { CatchUpSubscription } from '../catch-up-subscription';
import { GroupCommitQueue, type Outcome } from '../group-commit';
import { completeMetadata, matchesExpectedRevision, startOf, streamNotFound } from '../port-conventions';
import { ReadAheadWorker } from './read-ahead-worker';
import { sqliteCatchUpSource } from './sqlite-catch-up-source';
import {
  applyConnectionPragmas,
  applyEventStoreSchema,
  type Durability,
  prepareEventStatements,
  toRecordedEvent,
} from './sqlite-schema';

export interface SqliteEventStoreOptions {
  /** Database file, created when missing; ':memory:' for a throwaway store. */
  path: string;
  /** Defaults to 'durable' (synchronous=FULL): an acknowledged append is on disk. */
  durability?: Durability;
  /** How often a caught-up subscription looks for appends made by other connections. Defaults to 100. */
  pollIntervalMs?: number;
  /** Clock for event timestamps, epoch ms. */
  now?: () => number;
  /** Generates ids for events that come without one. */
  newId?: () => string;
  /** How long an append waits for another connection's lock before failing (SQLITE_BUSY). Defaults to 5 s. */
  busyTimeoutMs?: number;
}

export type SqliteEventStore = EventStore & { readonly path: string };

interface AppendRequest {
  stream: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
}

const DEFAULT_MAX_BATCH_SIZE = 500;
const NO_LIMIT = -1;

/**
 * Opens the embedded event store on one SQLite file (WAL). Several stores, in one process or
 * several, may share the file: each append runs in a BEGIN IMMEDIATE transaction, so they serialise.
 * Appends issued in the same tick are group-committed: one transaction, one savepoint per append.
 * An append of no events checks its expectation and writes nothing; its result describes the stream
 * as it stands (nextExpectedRevision -1 and position 0 when there is no stream).
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  const { path, durability = 'durable', pollIntervalMs = 100, now = Date.now, newId = uuidv7 } = options;
  const db = new Database(path);
  applyConnectionPragmas(db, durability, options.busyTimeoutMs);
  applyEventStoreSchema(db);
  const sql = prepareEventStatements(db);
  const subscriptions = new Set<CatchUpSubscription>();
  const readAhead = path === ':memory:' || path === '' ? undefined : new ReadAheadWorker(path);
  let closed = false;

  // Nested in writeBatch it runs in a savepoint, so a failure undoes this append only.
  const appendOne = db.transaction((request: AppendRequest, timestamp: number): AppendResult => {
    const { stream, events, expectedRevision } = request;
    const current = sql.selectStreamRevision.get(stream)?.revision;
    assertExpectedRevision(stream, expectedRevision, current);
    if (events.length === 0) return describeUnchangedStream(stream, current);
    let revision = current ?? -1;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const inserted = sql.insertEvent.run(
        stream,
        revision,
        event.id ?? newId(),
        event.type,
        JSON.stringify(event.data) ?? 'null',
        JSON.stringify(completeMetadata(event.metadata)),
        timestamp,
      );
      position = Number(inserted.lastInsertRowid);
    }
    sql.upsertStreamRevision.run(stream, revision);
    return { nextExpectedRevision: revision, position };
  });

  const writeBatch = db.transaction((requests: AppendRequest[]): Outcome<AppendResult>[] => {
    const timestamp = now();
    return requests.map((request) => attempt(() => appendOne(request, timestamp)));
  });

  const appendQueue = new GroupCommitQueue<AppendRequest, AppendResult>((requests) => {
    // A lone append is a transaction of its own, without the savepoint: a few percent for sequential callers.
    const [only] = requests;
    const outcomes =
      requests.length === 1 && only
        ? [attempt(() => appendOne.immediate(only, now()))]
        : writeBatch.immediate(requests);
    if (outcomes.some((outcome) => outcome.ok)) for (const subscription of subscriptions) subscription.wake();
    return outcomes;
  });

  function describeUnchangedStream(stream: string, current: number | undefined): AppendResult {
    if (current === undefined) return { nextExpectedRevision: -1, position: 0 };
    const position = sql.selectEventPosition.get(stream, current)?.position ?? 0;
    return { nextExpectedRevision: current, position };
  }

  function assertOpen(): void {
    if (closed) throw new Error(`Event store ${path} is closed`);
  }

  return {
    path,

    async append(stream, events, appendOptions?: AppendOptions) {
      assertOpen();
      return appendQueue.submit({ stream, events, expectedRevision: appendOptions?.expectedRevision ?? ANY });
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      if (sql.selectStreamRevision.get(stream) === undefined) throw streamNotFound(stream);
      const { direction = 'forwards', fromRevision, maxCount = NO_LIMIT } = readOptions;
      const rows =
        direction === 'forwards'
          ? sql.readStreamForwards.all(stream, startOf(fromRevision ?? 'start', 'forwards'), maxCount)
          : sql.readStreamBackwards.all(stream, startOf(fromRevision ?? 'end', 'backwards'), maxCount);
      return rows.map(toRecordedEvent);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertOpen();
      const { direction = 'forwards', fromPosition, maxCount = NO_LIMIT } = readOptions;
      const rows =
        direction === 'forwards'
          ? sql.readAllForwards.all(startOf(fromPosition ?? 'start', 'forwards'), maxCount)
          : sql.readAllBackwards.all(startOf(fromPosition ?? 'end', 'backwards'), maxCount);
      return rows.map(toRecordedEvent);
    },

    subscribeToAll(subscribeOptions: SubscribeToAllOptions): AllSubscription {
      assertOpen();
      const { fromPosition, maxBatchSize = DEFAULT_MAX_BATCH_SIZE } = subscribeOptions;
      const subscription: CatchUpSubscription = new CatchUpSubscription(
        sqliteCatchUpSource({
          jsonAfter: (position, limit) => sql.readAllAfterAsJson.get(position, limit) ?? null,
          rowsAfter: (position, limit) => sql.readAllAfter.all(position, limit).map(toRecordedEvent),
          readAhead,
        }),
        {
          fromPosition: fromPosition === 'start' ? 0 : fromPosition,
          maxBatchSize,
          pollIntervalMs,
          onEnd: () => subscriptions.delete(subscription),
        },
      );
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      assertOpen();
      return sql.selectHeadPosition.get()?.head ?? 0;
    },

    async countAfter(position, limit) {
      assertOpen();
      return sql.countAfter.get(position, limit)?.count ?? 0;
    },

    async close() {
      if (closed) return;
      appendQueue.flush();
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await readAhead?.close();
      db.close();
    },
  };
}

function attempt<Result>(work: () => Result): Outcome<Result> {
  try {
    return { ok: true, result: work() };
  } catch (error) {
    return { ok: false, error };
  }
}

function assertExpectedRevision(
  stream: string,
  expected: ExpectedRevision,
  current: number | undefined,
): void {
  if (!matchesExpectedRevision(expected, current))
    throw new WrongExpectedVersion(stream, expected, current ?? NO_STREAM);
}
