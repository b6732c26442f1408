import { fromMinor, type OrderReturn, type ReturnItem, type ReturnStep } from '@shop/contracts';
import { findCustomer } from '../customers/queries';
import type { ReadModelsDb } from '../database';
import { findReturn, listReturnsOfOrder, pageOfReturns, type ReturnsPosition } from './queries';
import type { OrderReturnRow, StoredReturnLine, StoredReturnStep } from './tables';

// The returns read model in the API's shapes. `admin` adds who moved each step and the customer.

export function returnDetails(
  db: ReadModelsDb,
  args: { id: string; admin: boolean },
): OrderReturn | undefined {
  const row = findReturn(db, args);
  return row && toReturn(db, row, args.admin);
}

/** An order's returns, oldest first. */
export function orderReturns(db: ReadModelsDb, args: { orderId: string; admin: boolean }): OrderReturn[] {
  return listReturnsOfOrder(db, args).map((row) => toReturn(db, row, args.admin));
}

/** The admin's list: a page of returns, newest first, the total matching, and where the next page starts. */
export function adminReturns(
  db: ReadModelsDb,
  args: { status?: OrderReturn['status']; after?: ReturnsPosition; limit: number },
): { items: OrderReturn[]; total: number; next: ReturnsPosition | null } {
  const { rows, more, total } = pageOfReturns(db, args);
  const last = rows.at(-1);
  return {
    items: rows.map((row) => toReturn(db, row, true)),
    total,
    next: more && last ? { requestedAt: last.requested_at, id: last.id } : null,
  };
}

/** The statuses a return reached, oldest first, with their times. */
export function returnSteps(row: Pick<OrderReturnRow, 'history'>): StoredReturnStep[] {
  return JSON.parse(row.history) as StoredReturnStep[];
}

function toReturn(db: ReadModelsDb, row: OrderReturnRow, admin: boolean): OrderReturn {
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
  const nameOf = (id: string) => findCustomer(db, { id })?.name ?? 'Unknown user';
  const history = returnSteps(row).map(
    ([status, at, by]): ReturnStep =>
      admin ? { status, at, by: { id: by, name: nameOf(by) } } : { status, at },
  );
  const answer: OrderReturn = {
    id: row.id,
    orderId: row.order_id,
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
  if (admin) {
    const customer = findCustomer(db, { id: row.user_id });
    answer.User = customer ? { name: customer.name, email: customer.email } : null;
  }
  return answer;
}
