import type { ReturnStatus } from '@shop/contracts';
import { anOrderPlaced } from '@shop/testing';
import { AppError } from '../../platform/errors';
import { evolveOrder, initialOrderState, type OrderEvent, type OrderState } from '../orders/order';
import { type RequestReturn, returnDecider } from './decide';
import type { ReturnState } from './return';

/** The delivered order, return requests and earlier returns the decide tests build on. */

const deliveredAt = '2024-05-03T10:00:00.000Z';
export const at = '2024-05-05T10:00:00.000Z';

/** Ayesha's order of 2 tees at 40.00 and 1 cap at 15.00 (9,500 paisa), with a 475 affiliate discount. */
const placed = anOrderPlaced({
  lines: [
    { ...anOrderPlaced().lines[0]!, lineId: 'tee', qty: 2, unitPrice: 4_000 },
    {
      ...anOrderPlaced().lines[0]!,
      lineId: 'cap',
      productId: 'p2',
      name: 'Cap',
      category: 'Caps',
      qty: 1,
      unitPrice: 1_500,
    },
  ],
  itemsPrice: 9_500,
  discount: 475,
});

export function orderState(...changes: OrderEvent[]): OrderState {
  return [{ type: 'OrderPlaced', data: placed } as OrderEvent, ...changes].reduce(
    evolveOrder,
    initialOrderState(),
  );
}
export const delivered = (when = deliveredAt) =>
  orderState({
    type: 'StatusChanged',
    data: {
      orderId: 'o1',
      from: 'Dispatched',
      to: 'Delivered',
      by: 'admin',
      paid: true,
      delivered: true,
      at: when,
    },
  });

export const request = (
  items: { orderItemId: string; qty: number }[],
  overrides: Partial<RequestReturn['data']> = {},
): RequestReturn => ({
  type: 'RequestReturn',
  data: {
    items,
    reason: 'Too small',
    returnId: 'o1-1',
    orderId: 'o1',
    by: 'u1',
    at,
    order: delivered(),
    earlier: [],
    windowDays: 7,
    ...overrides,
  },
});

export const decide = (
  command: Parameters<typeof returnDecider.decide>[0],
  state: ReturnState = { status: 'Absent' },
) => returnDecider.decide(command, state);

export function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

/** A return that was asked for (and moved to `status`) of these units. */
export function earlier(status: ReturnStatus, items: { orderItemId: string; qty: number }[]): ReturnState {
  const [event] = decide(request(items));
  const requestedState = returnDecider.evolve({ status: 'Absent' }, event!);
  return requestedState.status === 'Absent' ? requestedState : { ...requestedState, status };
}
