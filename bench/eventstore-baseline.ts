import { randomUUID } from 'node:crypto';
import {
  APPEND_SQL,
  applyConnectionPragmas,
  applyEventStoreSchema,
  type Durability,
  EVENT_COLUMNS,
  type EventRow,
} from '@shop/services/eventstore/sqlite-schema';
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
  const metadata = JSON.stringify({ schemaVersion: 1, actor: 'system' });

  const appendOne = db.transaction(
    (stream: string, expected: number, type: string, data: unknown): number => {
      const current = selectRevision.get(stream)?.revision ?? -1;
      if (current !== expected) throw new Error(`expected ${expected}, found ${current} on ${stream}`);
      const revision = current + 1;
      insertEvent.run(stream, revision, randomUUID(), type, JSON.stringify(data), metadata, Date.now());
      upsertRevision.run(stream, revision);
      return revision;
    },
  );

  return {
    /** Appends one event after `expected` (-1 for a new stream); returns its revision. */
    append: (stream: string, expected: number, type: string, data: unknown): number =>
      appendOne.immediate(stream, expected, type, data),
    /** Reads a page of the log from `position` (inclusive) and parses each row's JSON, as the adapter must. */
    readPage(position: number, maxCount: number): { position: number; data: unknown; metadata: unknown }[] {
      return selectPage.all(position, maxCount).map((row) => ({
        position: row.position,
        data: JSON.parse(row.data),
        metadata: JSON.parse(row.metadata),
      }));
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
