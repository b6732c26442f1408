import type { ReturnStatus } from '@shop/contracts';
import { type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import type { ListQuery } from '../db/paging';
import type { OrderReturnRow } from './tables';

export function findReturn(db: ReadModelsDb, args: { id: string }): OrderReturnRow | undefined {
  return db.first(db.qb.selectFrom('order_returns').selectAll().where('id', '=', args.id));
}

/** An order's returns, oldest first. */
export function listReturnsOfOrder(db: ReadModelsDb, args: { orderId: string }): OrderReturnRow[] {
  return db.all(
    db.qb
      .selectFrom('order_returns')
      .selectAll()
      .where('order_id', '=', args.orderId)
      .orderBy('requested_at')
      .orderBy('id'),
  );
}

/** The references of these orders, by id, in one statement. */
export function orderReferences(db: ReadModelsDb, orderIds: readonly string[]): Map<string, string> {
  if (orderIds.length === 0) return new Map();
  const rows = db.all(
    db.qb
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where(
        sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${JSON.stringify([...new Set(orderIds)])}))`,
      ),
  );
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/** The returns of one status, or every return: a list to page or count (see paging.ts). */
export function matchingReturns(
  db: ReadModelsDb,
  status: ReturnStatus | undefined,
): ListQuery<OrderReturnRow> {
  const query = db.qb.selectFrom('order_returns').selectAll('order_returns');
  return status === undefined ? query : query.where('order_returns.status', '=', status);
}
