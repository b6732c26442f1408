import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent } from '@shop/contracts';
import { readModelTables } from '../operations/backup/read-model-tables';

/**
 * What a log copied into another store (`npm run events -- copy`) must keep: each event's id, stream,
 * revision, type, data and metadata, in the same order. One string per event, to compare as arrays.
 */
export const eventIdentities = (events: readonly RecordedEvent[]): string[] =>
  events.map(({ id, streamName, revision, type, data, metadata }) =>
    JSON.stringify({ id, streamName, revision, type, data, metadata }),
  );

/**
 * The read models a shop built from a SQLite log (`sqliteDataDir`) and those another shop built from
 * its copy (`copyDataDir`), as comparable tables. The copy's store gives the events positions of its
 * own (PostgreSQL's, decision 015): read models that keep a position must keep the same event's, so
 * the copy's positions are mapped back to the source's through the event ids. Empty tables are left
 * out: bookkeeping a rebuild creates (indexes set aside) and one that never needed it lacks.
 */
export function copiedReadModels(
  sqliteDataDir: string,
  source: readonly RecordedEvent[],
  copyDataDir: string,
  copied: readonly RecordedEvent[],
): { fromSqlite: Record<string, unknown[]>; fromCopy: Record<string, unknown[]> } {
  const sourcePositionOf = new Map(source.map((event) => [event.id, event.position]));
  const backToSource = new Map(copied.map((event) => [event.position, sourcePositionOf.get(event.id)]));
  return {
    fromSqlite: withoutEmptyTables(readModelTables(sqliteDataDir)),
    fromCopy: withPositionsMapped(readModelTables(copyDataDir), backToSource),
  };
}

/**
 * How far two `copiedReadModels` sides agree: the tables of either, the rows of `a`, those rows that
 * lie in tables equal on both sides, and the names of the tables that differ.
 */
export function compareTables(
  a: Record<string, unknown[]>,
  b: Record<string, unknown[]>,
): { tables: number; rows: number; equalRows: number; differing: string[] } {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const differing = names.filter((name) => !isDeepStrictEqual(a[name], b[name]));
  const rowsOf = (list: string[]) => list.reduce((sum, name) => sum + (a[name]?.length ?? 0), 0);
  return {
    tables: names.length,
    rows: rowsOf(names),
    equalRows: rowsOf(names.filter((name) => !differing.includes(name))),
    differing,
  };
}

/** Columns that hold a log position: `*_position`, `seq`, and the first of each `changes` entry. */
function withPositionsMapped(
  tables: Record<string, unknown[]>,
  positions: ReadonlyMap<number, number | undefined>,
): Record<string, unknown[]> {
  const map = (position: unknown) => positions.get(position as number) ?? `unknown position ${position}`;
  const mapRow = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        if (/position$/.test(column) || column === 'seq') return [column, value === null ? null : map(value)];
        if (column === 'changes' && typeof value === 'string') {
          const changes = JSON.parse(value) as unknown[][];
          return [column, JSON.stringify(changes.map(([position, ...rest]) => [map(position), ...rest]))];
        }
        return [column, value];
      }),
    );
  return withoutEmptyTables(
    Object.fromEntries(
      Object.entries(tables).map(([name, rows]) => [
        name,
        rows.map((row) => mapRow(row as Record<string, unknown>)),
      ]),
    ),
  );
}

function withoutEmptyTables(tables: Record<string, unknown[]>): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(tables).filter(([, rows]) => rows.length > 0));
}
