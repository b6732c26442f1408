import { z } from 'zod';

export const ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Processing',
  'Shipped',
  'Dispatched',
  'Delivered',
  'Cancelled',
  'Refused',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES, {
  error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * The order state machine (docs/rules/orders.md#state-machine); Delivered, Cancelled and Refused are final. Refused: the
 * courier brought a dispatched parcel back (refused at the door or undeliverable).
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['Paid', 'Processing', 'Dispatched', 'Cancelled'],
  Paid: ['Processing', 'Dispatched', 'Cancelled'],
  Processing: ['Dispatched', 'Shipped', 'Cancelled'],
  Shipped: ['Delivered', 'Refused'],
  Dispatched: ['Delivered', 'Refused'],
  Delivered: [],
  Cancelled: [],
  Refused: [],
};

/** What the admin dropdown offers (docs/rules/orders.md#admin-status-choices), and Refused for a parcel the courier brought back. */
export const ADMIN_STATUS_CHOICES: readonly OrderStatus[] = [
  'Pending',
  'Paid',
  'Dispatched',
  'Delivered',
  'Cancelled',
  'Refused',
];

/** Tracking progress by status (docs/rules/orders.md#tracking-progress). */
export function trackingProgress(status: OrderStatus): number {
  const progress: Partial<Record<OrderStatus, number>> = {
    Processing: 25,
    Shipped: 50,
    Dispatched: 75,
    Delivered: 100,
    Cancelled: 0,
    Refused: 0,
  };
  return progress[status] ?? 10;
}

/** Body of PUT /api/admin/orders/{id}/status. */
export const StatusChangeInput = z.object({ status: OrderStatus });

/** Statuses from which the shopper may still cancel the order themselves. */
export const CANCELLABLE_BY_SHOPPER: readonly OrderStatus[] = ['Pending', 'Paid'];
