import type { OrderStatus } from '@shop/contracts';
import { anOrderPlaced } from '@shop/testing';
import { DeciderSpec } from '../../test-support/decider-spec';
import { type OrderCommand, orderDecider } from './decide';
import type { OrderEvent } from './order';

/** The order events and commands the decide tests build their histories from. */

export const spec = DeciderSpec.for(orderDecider);

export const at = '2024-05-02T08:00:00.000Z';

export const placed = (overrides = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: anOrderPlaced(overrides),
});
export const changed = (from: OrderStatus, to: OrderStatus, extra = {}): OrderEvent => ({
  type: 'StatusChanged',
  data: { orderId: 'o1', from, to, by: 'admin', paid: false, delivered: false, at, ...extra },
});
export const change = (to: OrderStatus): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { orderId: 'o1', to, by: 'admin', at },
});

/** The status changes that bring a placed order to each status. */
export const pathTo: Record<OrderStatus, OrderEvent[]> = {
  Pending: [],
  Paid: [changed('Pending', 'Paid', { paid: true })],
  Processing: [changed('Pending', 'Processing')],
  Shipped: [changed('Pending', 'Processing'), changed('Processing', 'Shipped')],
  Dispatched: [changed('Pending', 'Dispatched')],
  Delivered: [changed('Pending', 'Dispatched'), changed('Dispatched', 'Delivered', { delivered: true })],
  Cancelled: [changed('Pending', 'Cancelled')],
  Refused: [changed('Pending', 'Dispatched'), changed('Dispatched', 'Refused')],
};
