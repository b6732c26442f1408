import {
  fromMinor,
  type OrderReturn,
  type ReturnItem,
  type ReturnStatus,
  type ReturnStep,
  type User,
} from '@shop/contracts';
import { findCustomers } from '../customers/queries';
import type { ReadModelsDb } from '../db/database';
import {
  countRows,
  type KeysetOrder,
  type KeysetPage,
  type PageStart,
  type Position,
  readPage,
} from '../db/paging';
import { findReturn, listReturnsOfOrder, matchingReturns, orderReferences } from './rows';
import type { OrderReturnRow, StoredReturnLine, StoredReturnStep } from './tables';

// The returns read model in the API's shapes. `admin` adds who moved each step and the customer.

export function returnDetails(
  db: ReadModelsDb,
  args: { id: string; admin: boolean },
): OrderReturn | undefined {
  const row = findReturn(db, args);
  return row && toReturns(db, [row], args.admin)[0];
}

/** An order's returns, oldest first. */
export function orderReturns(db: ReadModelsDb, args: { orderId: string; admin: boolean }): OrderReturn[] {
  return toReturns(db, listReturnsOfOrder(db, args), args.admin);
}

/** Newest first; `order_returns_by_requested` and `order_returns_by_status` run this way. */
const NEWEST_FIRST: KeysetOrder = {
  key: 'order_returns.requested_at',
  keyDirection: 'desc',
  tie: 'order_returns.id',
  tieDirection: 'desc',
};

const positionOf = (row: OrderReturnRow): Position => ({ key: row.requested_at, tie: row.id });

/** The admin's list: a page of returns, newest first, optionally of one status, and how many in all. */
export function adminReturns(
  db: ReadModelsDb,
  args: { status?: ReturnStatus | undefined; start: PageStart; limit: number },
): KeysetPage<OrderReturn> & { total: number } {
  const matching = matchingReturns(db, args.status);
  const page = readPage(db, matching, {
    order: NEWEST_FIRST,
    positionOf,
    start: args.start,
    limit: args.limit,
  });
  return { ...page, rows: toReturns(db, page.rows, true), total: countRows(db, matching) };
}

/** The statuses a return reached, oldest first, with their times. */
export function returnSteps(row: Pick<OrderReturnRow, 'history'>): StoredReturnStep[] {
  return JSON.parse(row.history) as StoredReturnStep[];
}

/**
 * Returns in the API's shape, with their orders' references; for an admin, the customers and whoever
 * moved a step. Each is read once for all the rows.
 */
function toReturns(db: ReadModelsDb, rows: OrderReturnRow[], admin: boolean): OrderReturn[] {
  const people = admin
    ? findCustomers(
        db,
        rows.flatMap((row) => [row.user_id, ...returnSteps(row).map(([, , by]) => by)]),
      )
    : undefined;
  const references = orderReferences(
    db,
    rows.map((row) => row.order_id),
  );
  return rows.map((row) => toReturn(row, references.get(row.order_id) ?? '', people));
}

/** `people`: given for an admin's answer, who moved each step and the customer, as they are now. */
function toReturn(
  row: OrderReturnRow,
  orderReference: string,
  people: ReadonlyMap<string, User> | undefined,
): OrderReturn {
  const items = (JSON.parse(row.items) as StoredReturnLine[]).map(
    (line): ReturnItem => ({
      orderItemId: line.orderItemId,
      productId: line.productId,
      name: line.name,
      image: line.image,
      size: line.size,
      qty: line.qty,
      unitPrice: fromMinor(line.unitPrice),
      refund: fromMinor(line.refund),
    }),
  );
  const history = returnSteps(row).map(
    ([status, at, by]): ReturnStep =>
      people ? { status, at, by: { id: by, name: people.get(by)?.name ?? 'Unknown user' } } : { status, at },
  );
  const answer: OrderReturn = {
    id: row.id,
    orderId: row.order_id,
    orderReference,
    userId: row.user_id,
    status: row.status,
    reason: row.reason,
    items,
    refundAmount: fromMinor(row.amount),
    requestedAt: row.requested_at,
    updatedAt: row.updated_at,
    refundedAt: row.refunded_at,
    history,
  };
  if (people) {
    const customer = people.get(row.user_id);
    answer.User = customer ? { name: customer.name, email: customer.email } : null;
  }
  return answer;
}
