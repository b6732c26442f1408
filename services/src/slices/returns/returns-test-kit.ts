import type { ErrorBody, Order, OrderReturn, ReturnStatus } from '@shop/contracts';
import type { SignedInUser, TestShop } from '../../test-support/test-shop';

/** Helpers for the returns API tests. */

export const askToReturn = (
  t: TestShop,
  user: SignedInUser,
  order: Order,
  items: { line: number; qty: number }[],
  reason = 'Does not fit',
) =>
  t.request<OrderReturn & ErrorBody>('POST', `/api/orders/${order.id}/returns`, {
    token: user.token,
    body: { items: items.map(({ line, qty }) => ({ orderItemId: order.orderItems[line]!.id, qty })), reason },
  });

export const moveReturn = (
  t: TestShop,
  user: SignedInUser,
  returnId: string,
  status: ReturnStatus | string,
) =>
  t.request<OrderReturn & ErrorBody>('PUT', `/api/admin/returns/${returnId}/status`, {
    token: user.token,
    body: { status },
  });

const STEPS = ['Requested', 'Approved', 'Received', 'Refunded'] as const;

/** Moves a return that is `from` (Requested unless told) on to `to`, through every step between. */
export async function returnUntil(
  t: TestShop,
  admin: SignedInUser,
  returnId: string,
  to: 'Approved' | 'Received' | 'Refunded',
  from: (typeof STEPS)[number] = 'Requested',
): Promise<OrderReturn> {
  let last: OrderReturn | undefined;
  for (const status of STEPS.slice(STEPS.indexOf(from) + 1, STEPS.indexOf(to) + 1)) {
    const moved = await moveReturn(t, admin, returnId, status);
    if (moved.status !== 200) throw new Error(`returnUntil: ${moved.status} ${JSON.stringify(moved.body)}`);
    last = moved.body;
  }
  return last!;
}
