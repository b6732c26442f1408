import type { ReturnStatus } from '@shop/contracts';
import type { ReadModelsDb } from '../database';
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

/** Where a page of returns starts: after this return, newest first. */
export interface ReturnsPosition {
  requestedAt: string;
  id: string;
}

/**
 * A page of returns, newest first, with a status filter: up to `limit` rows after `after` (keyset,
 * so a page is as fast deep in the list as on top), whether more follow, and how many match in all.
 */
export function pageOfReturns(
  db: ReadModelsDb,
  args: { status?: ReturnStatus; after?: ReturnsPosition; limit: number },
): { rows: OrderReturnRow[]; more: boolean; total: number } {
  let matching = db.qb.selectFrom('order_returns');
  if (args.status) matching = matching.where('status', '=', args.status);
  let page = matching.selectAll();
  const after = args.after;
  if (after) {
    page = page.where((eb) =>
      eb.or([
        eb('requested_at', '<', after.requestedAt),
        eb.and([eb('requested_at', '=', after.requestedAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = db.all(
    page
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(args.limit + 1),
  );
  const total = db.first(matching.select((eb) => eb.fn.countAll<number>().as('total')))?.total ?? 0;
  return { rows: rows.slice(0, args.limit), more: rows.length > args.limit, total: Number(total) };
}
