import { randomUUID } from 'node:crypto';
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
  STREAM_EXISTS,
  type SubscribeToAllOptions,
  uuidv7,
  WrongExpectedVersion,
} from '@shop/contracts';
import pg from 'pg';
import { CatchUpSubscription } from '../catch-up-subscription';
import { AsyncGroupCommitQueue, type Outcome } from '../group-commit';
import { completeMetadata, startOf, streamNotFound } from '../port-conventions';
import { isPostgresUnavailable, translatePostgresError } from './postgres-errors';
import { globalOrderReader } from './postgres-global-order';
import { NotificationListener, Notifier } from './postgres-notifications';
import {
  EVENT_COLUMNS,
  type EventRow,
  EXPECTED,
  MAX_EVENTS_PER_TRANSACTION,
  migrateEventStore,
  quoteIdentifier,
  STREAM_REVISION_CONSTRAINT,
  toRecordedEvent,
  WRONG_EXPECTED_VERSION_SQLSTATE,
} from './postgres-schema';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:5432/database`. */
  connectionString: string;
  /** Connections in the pool; one more is kept for LISTEN once something subscribes. Defaults to 10. */
  poolSize?: number;
  /** A schema of its own (created when missing); default: the connection's search_path, usually `public`. */
  schema?: string;
  /** How often a caught-up subscription reads anyway, should a notification be lost. Defaults to 500. */
  pollIntervalMs?: number;
  /** How long readAll and headPosition wait for appends still in flight before them. Defaults to 5,000. */
  settleTimeoutMs?: number;
  /** How long a call waits for a connection before the store counts as unavailable. Defaults to 5,000. */
  connectionTimeoutMs?: number;
  /** Generates ids for events that come without one. */
  newId?: () => string;
  /**
   * false: commits do not wait for the server's disk (`synchronous_commit = off`). Only for a bulk
   * copy that can be run again: a crash of the server may lose its last commits, never part of one.
   */
  synchronousCommit?: boolean;
}

export type PostgresEventStore = EventStore & {
  /** Whether subscriptions are woken by notifications right now (false while the listener reconnects). */
  readonly listening: boolean;
};

const DEFAULT_MAX_BATCH_SIZE = 500;
/** Reads retried after a lost connection, for the pool's connections the server closed meanwhile. */
const READ_ATTEMPTS = 3;
/** A concurrent first append to a stream makes an ANY or STREAM_EXISTS append try again: bounded. */
const APPEND_ATTEMPTS = 10;

const expectedCode = (expected: ExpectedRevision): number =>
  expected === NO_STREAM
    ? EXPECTED.noStream
    : expected === ANY
      ? EXPECTED.any
      : expected === STREAM_EXISTS
        ? EXPECTED.streamExists
        : expected;

/**
 * The EventStore port on PostgreSQL, for several shop instances sharing one log. Each append is one
 * statement (the `append_events` function) checked by the unique key on (stream, revision); its events'
 * positions order them by the transaction that wrote them, and readers of the whole log stop below the
 * oldest transaction still running, so none can skip an event committed late (decision 015). Other
 * instances are woken by LISTEN/NOTIFY and poll as a fallback. The schema is created or migrated by
 * the first call. An outage surfaces as EventStoreUnavailable, and the pool reconnects by itself.
 */
export function openPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const { schema, pollIntervalMs = 500, settleTimeoutMs = 5_000, newId = uuidv7 } = options;
  const settings = [
    ...(schema ? [`-c search_path=${quoteIdentifier(schema)}`] : []),
    ...(options.synchronousCommit === false ? ['-c synchronous_commit=off'] : []),
  ];
  const clientConfig: pg.ClientConfig = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    keepAlive: true,
    application_name: 'shop',
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server closed: the pool drops it; the next call opens another.
  pool.on('error', () => undefined);
  const channel = schema ? `shop_events_${schema}` : 'shop_events';
  const subscriptions = new Set<CatchUpSubscription>();
  const wakeAll = () => {
    for (const subscription of subscriptions) subscription.wake();
  };
  const notifier = new Notifier(pool, channel, randomUUID());
  const listener = new NotificationListener(clientConfig, channel, wakeAll, notifier.sender);
  let ready: Promise<void> | undefined;
  let closed = false;

  // Appends made while a batch is in flight go together in the next: one statement, one transaction,
  // one round trip, each append checked and refused on its own (append_event_batch). The appends of
  // a batch are sent in stream order, so two instances' batches take their rows' locks in one order.
  const appendQueue = new AsyncGroupCommitQueue<BatchedAppend, AppendResult>(async (requests) => {
    const order = requests.map((_, index) => index);
    order.sort((a, b) =>
      requests[a]!.stream < requests[b]!.stream ? -1 : requests[a]!.stream > requests[b]!.stream ? 1 : a - b,
    );
    const rows = await query<BatchRow>('SELECT * FROM append_event_batch($1)', [
      JSON.stringify(order.map((index) => requests[index])),
    ]);
    const outcomes: Outcome<AppendResult>[] = new Array(requests.length);
    order.forEach((index, k) => {
      const row = rows[k];
      outcomes[index] = !row
        ? { ok: false, error: new Error('the batch answered no row for an append') }
        : row.error_code === null
          ? {
              ok: true,
              result: {
                nextExpectedRevision: Number(row.next_revision),
                position: Number(row.last_position),
              },
            }
          : { ok: false, error: batchRowError(row) };
    });
    return outcomes;
  });

  /** The schema, created or migrated once; tried again on the next call after a failure. */
  function whenReady(): Promise<void> {
    ready ??= (async () => {
      const client = await pool.connect();
      try {
        await migrateEventStore(client, schema);
      } finally {
        client.release();
      }
    })().catch((error: unknown) => {
      ready = undefined;
      throw translatePostgresError(error);
    });
    return ready;
  }

  async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    assertOpen();
    await whenReady();
    try {
      return (await pool.query<Row>(text, values)).rows;
    } catch (error) {
      throw translatePostgresError(error);
    }
  }

  async function read<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await query<Row>(text, values);
      } catch (error) {
        if (attempt >= READ_ATTEMPTS || closed || !isPostgresUnavailable(error)) throw error;
        await sleep(50 * attempt);
      }
    }
  }

  function assertOpen(): void {
    if (closed) throw new Error('The PostgreSQL event store is closed');
  }

  const log = globalOrderReader(read, settleTimeoutMs);

  async function currentRevision(stream: string): Promise<number | typeof NO_STREAM> {
    const [row] = await read<{ revision: string | null }>(
      'SELECT max(revision) AS revision FROM events WHERE stream = $1',
      [stream],
    );
    return row?.revision == null ? NO_STREAM : Number(row.revision);
  }

  async function appendOnce(
    stream: string,
    expected: ExpectedRevision,
    events: BatchedAppend['events'],
  ): Promise<AppendResult> {
    try {
      assertOpen();
      return await appendQueue.submit({ stream, expected: expectedCode(expected), events });
    } catch (error) {
      const { code, detail, constraint } = error as { code?: string; detail?: string; constraint?: string };
      if (code === WRONG_EXPECTED_VERSION_SQLSTATE) {
        throw new WrongExpectedVersion(stream, expected, detail === NO_STREAM ? NO_STREAM : Number(detail));
      }
      // A row another transaction inserted first, or (in a batch) a deadlock PostgreSQL broke by
      // refusing this append: either way the stream moved on, and the caller decides again.
      if ((code === '23505' && constraint === STREAM_REVISION_CONSTRAINT) || code === '40P01') {
        throw new WrongExpectedVersion(stream, expected, await currentRevision(stream));
      }
      throw error;
    }
  }

  return {
    get listening() {
      return listener.listening;
    },

    async append(stream, events: readonly NewEvent[], appendOptions?: AppendOptions) {
      assertOpen();
      const expected = appendOptions?.expectedRevision ?? ANY;
      if (events.length > MAX_EVENTS_PER_TRANSACTION) {
        throw new RangeError(`At most ${MAX_EVENTS_PER_TRANSACTION} events can be appended at once`);
      }
      const payload = events.map((event) => ({
        id: event.id ?? newId(),
        type: event.type,
        data: event.data ?? null,
        metadata: completeMetadata(event.metadata),
      }));
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await appendOnce(stream, expected, payload);
          if (events.length > 0) {
            wakeAll();
            notifier.notify();
          }
          return result;
        } catch (error) {
          // Lost a race to create the stream or to its next revision, which ANY and STREAM_EXISTS accept.
          const accepts =
            expected === ANY ||
            (expected === STREAM_EXISTS &&
              error instanceof WrongExpectedVersion &&
              error.actual !== NO_STREAM);
          if (!(error instanceof WrongExpectedVersion) || !accepts || attempt >= APPEND_ATTEMPTS) throw error;
        }
      }
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      const { direction = 'forwards', fromRevision, maxCount } = readOptions;
      const forwards = direction === 'forwards';
      // One round trip: whether the stream exists comes with its events (a new order reads two
      // streams that do not exist yet).
      const rows = await read<EventRow & { exists: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM events WHERE stream = $1) AS exists, e.* FROM (SELECT 1) one
         LEFT JOIN LATERAL (
           SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND revision ${forwards ? '>=' : '<='} $2
           ORDER BY revision ${forwards ? 'ASC' : 'DESC'} LIMIT $3
         ) e ON true`,
        [stream, startOf(fromRevision ?? (forwards ? 'start' : 'end'), direction), maxCount ?? null],
      );
      if (!rows[0]?.exists) throw streamNotFound(stream);
      return rows.filter((row) => row.position !== null).map(toRecordedEvent);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      const { direction = 'forwards', fromPosition, maxCount } = readOptions;
      return direction === 'forwards'
        ? log.readAllForwards(startOf(fromPosition ?? 'start', 'forwards'), maxCount ?? null)
        : log.readAllBackwards(startOf(fromPosition ?? 'end', 'backwards'), maxCount ?? null);
    },

    subscribeToAll(subscribeOptions: SubscribeToAllOptions): AllSubscription {
      assertOpen();
      listener.start();
      const { fromPosition, maxBatchSize = DEFAULT_MAX_BATCH_SIZE } = subscribeOptions;
      const subscription: CatchUpSubscription = new CatchUpSubscription(
        {
          // Events committed behind an append still in flight are read as soon as it ends (it may
          // fail, and a failed append wakes no one), waiting at most one poll interval.
          // An outage is waited out, polling, rather than ending the subscription: the read models
          // catch up by themselves once the server is back.
          readAfter: (position, limit) =>
            log.readAllForwards(position + 1, limit, pollIntervalMs).catch((error: unknown) => {
              if (isPostgresUnavailable(error)) return [];
              throw error;
            }),
        },
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

    headPosition: () => log.settledHead(),

    // Every committed event counts, those above the read horizon too: they are yet to be read.
    async countAfter(position, limit) {
      const [row] = await read<{ count: string }>(
        'SELECT count(*) AS count FROM (SELECT 1 FROM events WHERE position > $1 LIMIT $2) after',
        [position, limit],
      );
      return Number(row?.count ?? 0);
    },

    async close() {
      if (closed) return;
      await appendQueue.drain().catch(() => undefined);
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.unsubscribe()));
      await listener.stop();
      await pool.end();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One append of a batch, as `append_event_batch` takes it. */
interface BatchedAppend {
  stream: string;
  expected: number;
  events: { id: string; type: string; data: unknown; metadata: unknown }[];
}

/** What `append_event_batch` answers for one append: its result, or the error that refused it. */
interface BatchRow {
  next_revision: string | null;
  last_position: string | null;
  error_code: string | null;
  error_detail: string | null;
  error_constraint: string | null;
}

/** A refused append's error as the driver would have thrown it for a statement of its own. */
function batchRowError(row: BatchRow): Error {
  return Object.assign(new Error(`append refused (SQLSTATE ${row.error_code})`), {
    code: row.error_code ?? undefined,
    detail: row.error_detail ?? undefined,
    constraint: row.error_constraint ?? undefined,
  });
}
