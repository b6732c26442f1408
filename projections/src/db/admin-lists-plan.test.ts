import { ORDER_SORTS, type OrderListFilters } from '@shop/contracts';
import type { Compilable } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { affiliateRequestPage } from '../affiliates/queries';
import { adminProductPage } from '../catalogue/queries';
import { customerListPage } from '../customers/queries';
import { orderListPage } from '../orders/queries';
import { adminReviewPage } from '../reviews/queries';
import type { ReadModelsDb } from './database';
import { openReadModels } from './open';
import type { PageStart } from './paging';

/**
 * Every query the admin's lists run, for every shape a list can take (each filter, search and sort,
 * first page, next page, previous page), asked for its plan: none may read a whole table.
 */

const db = openReadModels(':memory:');
afterAll(() => db.close());

/** The statements `read` runs, compiled, with their parameters. */
function statementsOf(
  read: (db: ReadModelsDb) => unknown,
): { sql: string; parameters: readonly unknown[] }[] {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const record = (query: unknown) => {
    if (typeof (query as Compilable).compile === 'function') seen.push((query as Compilable).compile());
  };
  const spy: ReadModelsDb = {
    ...db,
    all: ((query: Compilable, args?: unknown) => {
      record(query);
      return args === undefined ? db.all(query) : db.all(query as never, args as never);
    }) as ReadModelsDb['all'],
    first: ((query: Compilable, args?: unknown) => {
      record(query);
      return args === undefined ? db.first(query) : db.first(query as never, args as never);
    }) as ReadModelsDb['first'],
  };
  read(spy);
  return seen;
}

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

/**
 * `order_counts` holds a row per Karachi day and combination of filters, not per order (a few thousand
 * in a year): the total of a filtered orders list is meant to be a sum over it.
 */
const SUMMARY_TABLES = new Set(['order_counts']);

/**
 * The plan's steps that read a whole table: `SCAN <table>` without an index. The total of an unfiltered
 * list (every customer, review, request or product) is `count(*)`, which SQLite answers by walking its
 * smallest index, never the table: that step says `USING COVERING INDEX` and passes.
 */
function wholeTableReads(statement: { sql: string; parameters: readonly unknown[] }): string[] {
  const plan = db.sqlite
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .all(...statement.parameters.map(toSqlite)) as { detail: string }[];
  return plan
    .map((step) => step.detail)
    .filter((detail) => {
      const scanned = /^SCAN (\w+)$/.exec(detail)?.[1];
      return scanned !== undefined && !SUMMARY_TABLES.has(scanned);
    });
}

const AT = '2024-05-02T08:00:00.000Z';
const starts: [string, PageStart][] = [
  ['first page', undefined],
  ['next page', { after: { key: AT, tie: 'x' } }],
  ['previous page', { before: { key: AT, tie: 'x' } }],
];
const numericStarts: [string, PageStart][] = [
  ['first page', undefined],
  ['next page', { after: { key: 5_000, tie: 'x' } }],
  ['previous page', { before: { key: 5_000, tie: 'x' } }],
];

const ORDER_FILTERS: OrderListFilters[] = [
  {},
  { status: 'Paid' },
  { paymentMethod: 'Card' },
  { paid: true },
  { delivered: false },
  { from: '2024-05-01', to: '2024-05-31' },
  { status: 'Pending', paymentMethod: 'COD', paid: false, delivered: false, from: '2024-05-01' },
  { search: 'ayesha' },
  { search: 'ayesha khan' },
  { search: 'ayesha@example.pk' },
  { search: '+92 300 1234567' },
  { search: '0300-1234567', status: 'Paid', from: '2024-05-01' },
  { search: '3f2a9c1e' },
  { search: '…3f2a9c1e', paymentMethod: 'COD' },
  { search: '3f2a9c1e-77b0-4c1d' },
];

describe('the admin lists read no whole table', () => {
  it.each(ORDER_SORTS.flatMap((sort) => ORDER_FILTERS.map((filters) => [sort, filters] as const)))(
    'orders, sorted %s, filtered %j',
    (sort, filters) => {
      for (const [where, start] of sort === 'total' ? numericStarts : starts) {
        const statements = statementsOf((spy) => orderListPage(spy, { filters, sort, start, limit: 25 }));
        expect(statements.length).toBeGreaterThan(0);
        for (const statement of statements)
          expect(wholeTableReads(statement), `${where}: ${statement.sql}`).toEqual([]);
      }
    },
  );

  it.each([
    ...(['joined', 'orders', 'spent'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).flatMap((direction) =>
        [undefined, 'bilal', 'bilal ahmed', '0321-7654321'].map(
          (search) => [sort, direction, search] as const,
        ),
      ),
    ),
  ])('customers, sorted %s %s, searched %s', (sort, direction, search) => {
    for (const [where, start] of numericStarts) {
      const statements = statementsOf((spy) =>
        customerListPage(spy, { search, sort, direction, start, limit: 25 }),
      );
      for (const statement of statements)
        expect(wholeTableReads(statement), `${where}: ${statement.sql}`).toEqual([]);
    }
  });

  it.each([undefined, 'p1'])('reviews of product %s', (productId) => {
    for (const [where, start] of starts) {
      const statements = statementsOf((spy) => adminReviewPage(spy, { productId, start, limit: 25 }));
      for (const statement of statements)
        expect(wholeTableReads(statement), `${where}: ${statement.sql}`).toEqual([]);
    }
  });

  it.each([undefined, 'Pending', 'Approved'] as const)('affiliate requests of status %s', (status) => {
    for (const [where, start] of starts) {
      const statements = statementsOf((spy) => affiliateRequestPage(spy, { status, start, limit: 25 }));
      for (const statement of statements)
        expect(wholeTableReads(statement), `${where}: ${statement.sql}`).toEqual([]);
    }
  });

  it('products', () => {
    for (const [where, start] of numericStarts) {
      const statements = statementsOf((spy) => adminProductPage(spy, { start, limit: 25 }));
      for (const statement of statements)
        expect(wholeTableReads(statement), `${where}: ${statement.sql}`).toEqual([]);
    }
  });
});
