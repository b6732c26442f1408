import { uuidv7 } from '@shop/contracts';
import {
  APPEND_SQL,
  applyConnectionPragmas,
  applyEventStoreSchema,
  type Durability,
  EVENT_COLUMNS,
  type EventRow,
} from '@shop/services/platform/eventstore/sqlite/sqlite-schema';
import Database from 'better-sqlite3';

/**
 * The least an event store on better-sqlite3 can do: the adapter's pragmas, schema and append statements,
 * one BEGIN IMMEDIATE transaction per append, called synchronously. No queue, no promises.
 */
export function openRawEventTable(path: string, durability: Durability) {
  const db = new Database(path);
  applyConnectionPragmas(db, durability);
  applyEventStoreSchema(db);
  const selectRevision = db.prepare<[string], { revision: number }>(APPEND_SQL.selectStreamRevision);
  const insertEvent = db.prepare<[string, number, string, string, string, string, number]>(
    APPEND_SQL.insertEvent,
  );
  const upsertRevision = db.prepare<[string, number]>(APPEND_SQL.upsertStreamRevision);
  const selectPage = db.prepare<[number, number], EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE position >= ? ORDER BY position ASC LIMIT ?`,
  );
  const selectStream = db.prepare<[string, number, number], EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
  );
  const metadata = JSON.stringify({ schemaVersion: 1, actor: 'system' });

  const appendOne = db.transaction(
    (stream: string, expected: number, type: string, data: unknown): number => {
      const current = selectRevision.get(stream)?.revision ?? -1;
      if (current !== expected) throw new Error(`expected ${expected}, found ${current} on ${stream}`);
      const revision = current + 1;
      insertEvent.run(stream, revision, uuidv7(), type, JSON.stringify(data), metadata, Date.now());
      upsertRevision.run(stream, revision);
      return revision;
    },
  );

  /** Several appends in one transaction, each checked: the least a group commit can cost. */
  const appendMany = db.transaction(
    (requests: readonly { stream: string; expected: number; type: string; data: unknown }[]): number[] =>
      requests.map((r) => appendOne(r.stream, r.expected, r.type, r.data)),
  );
  const parse = (row: EventRow) => ({
    position: row.position,
    revision: row.revision,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as unknown,
  });

  return {
    appendMany: (requests: readonly { stream: string; expected: number; type: string; data: unknown }[]) =>
      appendMany.immediate(requests),
    /** Reads a whole stream and parses each row's JSON. */
    readStream: (stream: string) => selectStream.all(stream, 0, -1).map(parse),
    /** Appends one event after `expected` (-1 for a new stream); returns its revision. */
    append: (stream: string, expected: number, type: string, data: unknown): number =>
      appendOne.immediate(stream, expected, type, data),
    /** Reads a page of the log from `position` (inclusive) and parses each row's JSON, as the adapter must. */
    readPage(position: number, maxCount: number) {
      return selectPage.all(position, maxCount).map(parse);
    },
    /** Fills the log fast, for read benchmarks: one transaction for everything. */
    fill: db.transaction((count: number, streams: number, dataOf: (i: number) => unknown) => {
      const revisions = new Array<number>(streams).fill(-1);
      for (let i = 0; i < count; i += 1) {
        const stream = i % streams;
        revisions[stream] = appendOne(`stream-${stream}`, revisions[stream] ?? -1, 'ItemAdded', dataOf(i));
      }
    }),
    close: () => db.close(),
  };
}
