import type { EventMetadata, RecordedEvent } from '@shop/contracts';
import type Database from 'better-sqlite3';

/** 'durable': an acknowledged append survives power loss. 'relaxed': it survives a crash of the process only. */
export type Durability = 'durable' | 'relaxed';

/** How long a connection waits for another one's write lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

// AUTOINCREMENT so a position is never reused, even if the tail of the log were ever deleted.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position  INTEGER PRIMARY KEY AUTOINCREMENT,
    stream    TEXT    NOT NULL,
    revision  INTEGER NOT NULL,
    id        TEXT    NOT NULL UNIQUE,
    type      TEXT    NOT NULL,
    data      TEXT    NOT NULL,
    metadata  TEXT    NOT NULL,
    timestamp INTEGER NOT NULL,
    UNIQUE (stream, revision)
  );
  CREATE TABLE IF NOT EXISTS streams (
    name     TEXT    PRIMARY KEY,
    revision INTEGER NOT NULL
  ) WITHOUT ROWID;
`;

/** Pragmas for one connection; shared with the benchmark's raw baseline so both do the same work. */
export function applyConnectionPragmas(
  db: Database.Database,
  durability: Durability,
  busyTimeoutMs = BUSY_TIMEOUT_MS,
): void {
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability === 'durable' ? 'FULL' : 'NORMAL'}`);
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
}

/**
 * Pages the WAL may hold before a commit copies them into the database (SQLite's default is 1,000).
 * The checkpoint runs inside that commit, on the event loop, and syncs both files; a product's stream
 * and the streams table are written by every order, so a rarer checkpoint copies each such page once
 * instead of again and again. 10,000 pages is a WAL of ~40 MB at most. Every commit is still synced.
 * Placing orders (bench, with the read models' alike): ~1,175 req/s with the default, ~1,320 with this.
 * The cost, on a fresh store only: until the WAL reaches that size each synced commit also commits the
 * file's growth, and durable sequential appends measured ~3,400-4,050/s against ~4,300-5,000/s with the
 * default (decision 011).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** Creates the tables when missing; safe to run from several connections at once. */
export function applyEventStoreSchema(db: Database.Database): void {
  db.transaction(() => db.exec(SCHEMA)).immediate();
}

export interface EventRow {
  position: number;
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: string;
  metadata: string;
  timestamp: number;
}

export const EVENT_COLUMNS = 'position, stream, revision, id, type, data, metadata, timestamp';

/** The statements of the append path, verbatim, so the benchmark baseline runs exactly these. */
export const APPEND_SQL = {
  selectStreamRevision: 'SELECT revision FROM streams WHERE name = ?',
  insertEvent:
    'INSERT INTO events (stream, revision, id, type, data, metadata, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)',
  upsertStreamRevision:
    'INSERT INTO streams (name, revision) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET revision = excluded.revision',
} as const;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata) as EventMetadata,
    revision: row.revision,
    position: row.position,
    timestamp: row.timestamp,
  };
}

/**
 * A batch of the log as one JSON text, `[count, lastPosition, [[position, stream, revision, id, type,
 * data, metadata, timestamp], ...]]`, or null when there is none. SQLite builds it and one JSON.parse
 * reads it: far less of the main thread's time than a JavaScript object per row and a JSON.parse per
 * column. `data` and `metadata` are spliced in as stored, so a corrupt one can break the text or shift
 * its neighbours; fromJsonBatch checks the shape against the count and last position for that.
 */
export const READ_ALL_AFTER_AS_JSON = `
  SELECT '[' || count(*) || ',' || max(position) || ',[' || group_concat(
    '[' || position || ',' || json_quote(stream) || ',' || revision || ',' || json_quote(id) || ',' ||
    json_quote(type) || ',' || data || ',' || metadata || ',' || timestamp || ']', ','
  ) || ']]'
  FROM (SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?)`;

type JsonBatchRow = [number, string, number, string, string, unknown, EventMetadata, number];

/** How many events a READ_ALL_AFTER_AS_JSON text holds and where the last one is, without parsing it. */
export function jsonBatchExtent(text: string): { count: number; lastPosition: number } {
  const afterCount = text.indexOf(',');
  const afterLast = text.indexOf(',', afterCount + 1);
  return {
    count: Number(text.slice(1, afterCount)),
    lastPosition: Number(text.slice(afterCount + 1, afterLast)),
  };
}

/**
 * Parses the text of READ_ALL_AFTER_AS_JSON into the events toRecordedEvent would make of the same rows.
 * Throws when the text is not such a batch (a corrupt `data` or `metadata`), so the caller can read the
 * rows one by one instead and report the row at fault as before.
 */
export function fromJsonBatch(text: string | null): RecordedEvent[] {
  if (text === null) return [];
  const [count, lastPosition, rows] = JSON.parse(text) as [number, number, JsonBatchRow[]];
  if (rows.length !== count || rows.at(-1)?.[0] !== lastPosition) {
    throw new SyntaxError(`Event batch of ${count} rows up to ${lastPosition} does not hold them`);
  }
  let previous = Number.NEGATIVE_INFINITY;
  return rows.map((row) => {
    const [position, streamName, revision, id, type, data, metadata, timestamp] = row;
    // group_concat keeps the scan order in practice; SQLite does not promise it.
    if (row.length !== 8 || !(position > previous)) {
      throw new SyntaxError(`Event batch malformed at position ${position}`);
    }
    previous = position;
    return { id, streamName, type, data, metadata, revision, position, timestamp };
  });
}

/** Every statement the store runs, prepared once per connection. */
export function prepareEventStatements(db: Database.Database) {
  const selectEvents = (where: string, order: 'ASC' | 'DESC', by: 'revision' | 'position') =>
    db.prepare<[...(string | number)[]], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE ${where} ORDER BY ${by} ${order} LIMIT ?`,
    );
  return {
    selectStreamRevision: db.prepare<[string], { revision: number }>(APPEND_SQL.selectStreamRevision),
    insertEvent: db.prepare<[string, number, string, string, string, string, number]>(APPEND_SQL.insertEvent),
    upsertStreamRevision: db.prepare<[string, number]>(APPEND_SQL.upsertStreamRevision),
    selectEventPosition: db.prepare<[string, number], { position: number }>(
      'SELECT position FROM events WHERE stream = ? AND revision = ?',
    ),
    selectHeadPosition: db.prepare<[], { head: number }>(
      'SELECT COALESCE(MAX(position), 0) AS head FROM events',
    ),
    countAfter: db.prepare<[number, number], { count: number }>(
      'SELECT count(*) AS count FROM (SELECT 1 FROM events WHERE position > ? LIMIT ?)',
    ),
    readStreamForwards: selectEvents('stream = ? AND revision >= ?', 'ASC', 'revision'),
    readStreamBackwards: selectEvents('stream = ? AND revision <= ?', 'DESC', 'revision'),
    readAllForwards: selectEvents('position >= ?', 'ASC', 'position'),
    readAllBackwards: selectEvents('position <= ?', 'DESC', 'position'),
    readAllAfter: selectEvents('position > ?', 'ASC', 'position'),
    readAllAfterAsJson: db.prepare<[number, number], string | null>(READ_ALL_AFTER_AS_JSON).pluck(),
  };
}

export type EventStatements = ReturnType<typeof prepareEventStatements>;
