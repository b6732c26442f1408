import type { EventMetadata, RecordedEvent } from '@shop/contracts';
import type pg from 'pg';

/**
 * A position is `transaction id * 2^16 + the event's index within its transaction` (decision 015):
 * ordering positions orders events by the transaction that wrote them, and a reader takes only
 * positions below `oldest running transaction id * 2^16`, where nothing can commit any more.
 */
export const POSITION_BITS_PER_TRANSACTION = 16;
export const MAX_EVENTS_PER_TRANSACTION = 2 ** POSITION_BITS_PER_TRANSACTION;

/** Positions below this are final: every transaction that could still write one has ended. */
export const READ_HORIZON_SQL = `(SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint << ${POSITION_BITS_PER_TRANSACTION})`;

/** SQLSTATE the append function raises on a wrong expected revision, with the actual one as DETAIL. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'ES409';
/** Raised by a concurrent append that inserted the same stream revision first. */
export const STREAM_REVISION_CONSTRAINT = 'events_stream_revision_key';

/** Expected revisions as the append function takes them: a revision, or one of these. */
export const EXPECTED = { noStream: -1, any: -2, streamExists: -3 } as const;

/**
 * Each migration runs once, in order, in the transaction that records it. Never edit one that has
 * shipped: add the next.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE events (
    position  bigint PRIMARY KEY,
    stream    text   NOT NULL,
    revision  bigint NOT NULL,
    id        text   NOT NULL UNIQUE,
    type      text   NOT NULL,
    data      json   NOT NULL,
    metadata  json   NOT NULL,
    stored_at bigint NOT NULL,
    CONSTRAINT ${STREAM_REVISION_CONSTRAINT} UNIQUE (stream, revision)
  );

  -- One statement per append: no transaction is ever left open by a client that went away, and
  -- the expectation is checked where the unique key on (stream, revision) enforces it.
  CREATE FUNCTION append_events(p_stream text, p_expected bigint, p_events json)
  RETURNS TABLE (next_revision bigint, last_position bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    v_current bigint;
    v_count integer := json_array_length(p_events);
    v_base bigint;
    v_first bigint;
  BEGIN
    SELECT max(e.revision) INTO v_current FROM events e WHERE e.stream = p_stream;
    IF (p_expected = ${EXPECTED.noStream} AND v_current IS NOT NULL)
       OR (p_expected = ${EXPECTED.streamExists} AND v_current IS NULL)
       OR (p_expected >= 0 AND v_current IS DISTINCT FROM p_expected) THEN
      RAISE EXCEPTION 'wrong expected version on %', p_stream
        USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}', DETAIL = coalesce(v_current::text, 'no_stream');
    END IF;
    IF v_count = 0 THEN
      RETURN QUERY SELECT coalesce(v_current, -1),
        coalesce((SELECT e.position FROM events e WHERE e.stream = p_stream AND e.revision = v_current), 0);
      RETURN;
    END IF;
    v_base := pg_current_xact_id()::text::bigint << ${POSITION_BITS_PER_TRANSACTION};
    SELECT coalesce(max(e.position) + 1, v_base) INTO v_first FROM events e
      WHERE e.position >= v_base AND e.position < v_base + ${MAX_EVENTS_PER_TRANSACTION};
    IF v_first + v_count > v_base + ${MAX_EVENTS_PER_TRANSACTION} THEN
      RAISE EXCEPTION 'more than ${MAX_EVENTS_PER_TRANSACTION} events in one transaction';
    END IF;
    INSERT INTO events (position, stream, revision, id, type, data, metadata, stored_at)
      SELECT v_first + e.n - 1, p_stream, coalesce(v_current, -1) + e.n, e.value->>'id', e.value->>'type',
             e.value->'data', e.value->'metadata', (extract(epoch FROM statement_timestamp()) * 1000)::bigint
      FROM json_array_elements(p_events) WITH ORDINALITY AS e(value, n);
    RETURN QUERY SELECT coalesce(v_current, -1) + v_count, v_first + v_count - 1;
  END
  $$;
  `,
  `
  -- Several appends in one statement, one transaction and one round trip (a group commit, decision
  -- 026): each runs in a subtransaction of its own, so a wrong expected revision, or a row another
  -- transaction inserted first, fails that append only and is answered in its row.
  CREATE FUNCTION append_event_batch(p_appends json)
  RETURNS TABLE (next_revision bigint, last_position bigint, error_code text, error_detail text,
                 error_constraint text)
  LANGUAGE plpgsql AS $$
  DECLARE
    v_append json;
  BEGIN
    FOR v_append IN SELECT value FROM json_array_elements(p_appends) LOOP
      BEGIN
        SELECT a.next_revision, a.last_position INTO next_revision, last_position
          FROM append_events(v_append->>'stream', (v_append->>'expected')::bigint, v_append->'events') a;
        error_code := NULL;
        error_detail := NULL;
        error_constraint := NULL;
      EXCEPTION WHEN OTHERS THEN
        next_revision := NULL;
        last_position := NULL;
        GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL,
          error_constraint = CONSTRAINT_NAME;
      END;
      RETURN NEXT;
    END LOOP;
  END
  $$;
  `,
];

/**
 * Creates or migrates the event store's tables in the connection's schema. Several shop instances
 * starting together take turns on an advisory lock, so each migration runs once.
 */
export async function migrateEventStore(client: pg.ClientBase, schema: string | undefined): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop-event-store:${schema ?? ''}`]);
    if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query('CREATE TABLE IF NOT EXISTS event_store_migrations (version integer PRIMARY KEY)');
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM event_store_migrations',
    );
    for (let version = (rows[0]?.version ?? 0) + 1; version <= MIGRATIONS.length; version += 1) {
      await client.query(MIGRATIONS[version - 1]!);
      await client.query('INSERT INTO event_store_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const EVENT_COLUMNS = 'position, stream, revision, id, type, data, metadata, stored_at';

export interface EventRow {
  position: string;
  stream: string;
  revision: string;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  stored_at: string;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    revision: Number(row.revision),
    position: Number(row.position),
    timestamp: Number(row.stored_at),
  };
}
