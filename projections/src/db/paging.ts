import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from './database';
import type { ReadModels } from './read-models';

export type Direction = 'asc' | 'desc';

/**
 * How a list is ordered for keyset paging: a sort column, then a tie-breaker that is unique per row,
 * each with its direction (they may differ). An index whose columns are these two, in these
 * directions or both reversed, lets a page be read straight off the index.
 */
export interface KeysetOrder {
  key: string;
  keyDirection: Direction;
  tie: string;
  tieDirection: Direction;
  /**
   * The rows are found through another index (a search) and sorted afterwards: the key is written
   * `+key`, which SQLite cannot look up in an index, so it does not walk the sort's index instead
   * (which, without statistics, it prefers, testing every row against the search).
   */
  sortAfterFinding?: boolean;
}

/** A row's place in a list: its sort key and tie-breaker values. */
export interface Position {
  key: string | number;
  tie: string | number;
}

/** Where a page starts: just after a row, just before one, or at the top of the list. */
export type PageStart = { after: Position } | { before: Position } | undefined;

/** A page and the places of the pages either side of it (null where there is nothing more). */
export interface KeysetPage<Row> {
  rows: Row[];
  /** Read on after this row. */
  next: Position | null;
  /** Read back before this row. */
  previous: Position | null;
}

/** A select over one read-model table (joins allowed) with its row shape. */
// biome-ignore lint/suspicious/noExplicitAny: any table of the read models, whatever the query joins.
export type ListQuery<Row> = SelectQueryBuilder<ReadModels, any, Row>;

const flip = (direction: Direction): Direction => (direction === 'asc' ? 'desc' : 'asc');

/**
 * Rows strictly beyond `position` in `order`: `key` past it, or equal with `tie` past it. Written as a
 * range on the key (which an index can seek) and a condition on the tie, so the two columns may run in
 * different directions.
 */
function beyond(order: KeysetOrder, position: Position): Expression<SqlBool> {
  const key = keyOf(order);
  const tie = sql.ref(order.tie);
  const [keyPast, keyReached] = order.keyDirection === 'asc' ? ['>', '>='] : ['<', '<='];
  const tiePast = order.tieDirection === 'asc' ? '>' : '<';
  return sql<SqlBool>`${key} ${sql.raw(keyReached)} ${position.key} and (${key} ${sql.raw(keyPast)} ${position.key} or ${tie} ${sql.raw(tiePast)} ${position.tie})`;
}

function reversed(order: KeysetOrder): KeysetOrder {
  return { ...order, keyDirection: flip(order.keyDirection), tieDirection: flip(order.tieDirection) };
}

function ordered<Row>(query: ListQuery<Row>, order: KeysetOrder): ListQuery<Row> {
  return query.orderBy(keyOf(order), order.keyDirection).orderBy(sql.ref(order.tie), order.tieDirection);
}

function keyOf(order: KeysetOrder) {
  return order.sortAfterFinding ? sql`+${sql.ref(order.key)}` : sql.ref(order.key);
}

/** Whether any row of `query` lies beyond `position` in `order`: one index seek. */
function anyBeyond<Row>(
  db: ReadModelsDb,
  query: ListQuery<Row>,
  order: KeysetOrder,
  position: Position,
): boolean {
  const probe = query.clearSelect().select(sql<number>`1`.as('one')).where(beyond(order, position)).limit(1);
  return db.first(probe) !== undefined;
}

/** Up to `limit` rows from `start` on, in `order` (or back from it, reversed), and whether more lie beyond. */
function readFrom<Row>(
  db: ReadModelsDb,
  query: ListQuery<Row>,
  order: KeysetOrder,
  from: Position | undefined,
  limit: number,
): { rows: Row[]; more: boolean } {
  let page = ordered(query, order);
  if (from) page = page.where(beyond(order, from));
  const rows = db.all(page.limit(limit + 1));
  const more = rows.length > limit;
  if (more) rows.length = limit;
  return { rows, more };
}

/**
 * One page of `query` in `order`, cut by keyset: the rows after (or before) a row's position, never an
 * offset. A row placed while someone pages moves no other row, so nothing is skipped or repeated; a
 * page is a seek and `limit` rows read off an index. `positionOf` reads a row's key and tie-breaker.
 */
export function readPage<Row>(
  db: ReadModelsDb,
  query: ListQuery<Row>,
  args: { order: KeysetOrder; positionOf: (row: Row) => Position; start: PageStart; limit: number },
): KeysetPage<Row> {
  const { order, positionOf, start, limit } = args;
  const at = (row: Row | undefined) => (row === undefined ? null : positionOf(row));
  if (start && 'before' in start) {
    const { rows, more } = readFrom(db, query, reversed(order), start.before, limit);
    rows.reverse();
    const last = at(rows.at(-1));
    return {
      rows,
      previous: more ? at(rows[0]) : null,
      next: last && anyBeyond(db, query, order, last) ? last : null,
    };
  }
  const { rows, more } = readFrom(db, query, order, start?.after, limit);
  const first = at(rows[0]);
  const previous = start && first && anyBeyond(db, query, reversed(order), first) ? first : null;
  return { rows, next: more ? at(rows.at(-1)) : null, previous };
}

/**
 * Every row of `query` in `order`, `size` at a time, each chunk read by its own statement when asked
 * for: nothing is held open between chunks, so a caller may wait (for a slow client) in between while
 * the read models go on being written. Rows placed meanwhile ahead of the last one read are not met.
 */
export function* readInChunks<Row>(
  db: ReadModelsDb,
  query: ListQuery<Row>,
  args: { order: KeysetOrder; positionOf: (row: Row) => Position; size: number },
): Generator<Row[], void, undefined> {
  let from: Position | undefined;
  for (;;) {
    const { rows, more } = readFrom(db, query, args.order, from, args.size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!more || last === undefined) return;
    from = args.positionOf(last);
  }
}

/** How many rows `query` matches: its filters counted, its order and selection dropped. */
export function countRows<Row>(db: ReadModelsDb, query: ListQuery<Row>): number {
  const counted = query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total'));
  return db.first(counted)?.total ?? 0;
}

/** The largest string that starts with `prefix` is below this: `column >= prefix and column < upTo(prefix)`. */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
