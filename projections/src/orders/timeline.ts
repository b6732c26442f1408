import type { OrderStatus, TrackingStep } from '@shop/contracts';

/** What the timeline is built from: the order's placement, flags and every status change it had. */
export interface TimelineSource {
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  deliveredAt: string | null;
  changes: readonly { to: OrderStatus; at: string }[];
}

const SHIPPED: readonly OrderStatus[] = ['Shipped', 'Dispatched', 'Delivered'];

/**
 * The tracking timeline (spec section 2, Order tracking) from the order's real events, never a step
 * the order skipped: placed; paid when paid; processing when it was processed (or still to come while
 * nothing has shipped); shipped or dispatched, as it happened, once Shipped, Dispatched or Delivered;
 * delivered when delivered; cancelled when cancelled. Each step carries the time of the event that
 * reached it.
 */
export function buildTimeline(order: TimelineSource): TrackingStep[] {
  const reached = (...statuses: OrderStatus[]) =>
    order.changes.find((change) => statuses.includes(change.to))?.at ?? null;
  const steps: TrackingStep[] = [
    {
      key: 'placed',
      label: 'Order Placed',
      description: 'Your order has been received',
      at: order.createdAt,
      state: 'done',
    },
  ];
  if (order.paidAt) {
    steps.push({
      key: 'paid',
      label: 'Payment Confirmed',
      description: 'Your payment has been confirmed',
      at: order.paidAt,
      state: 'done',
    });
  }
  const processedAt = reached('Processing');
  const shipped = SHIPPED.includes(order.status);
  if (processedAt || (order.status !== 'Cancelled' && !shipped)) {
    steps.push({
      key: 'processing',
      label: 'Processing Order',
      description: 'We are preparing your order',
      at: processedAt,
      state: order.status === 'Processing' ? 'current' : processedAt ? 'done' : 'upcoming',
    });
  }
  if (shipped) {
    const dispatched = order.changes.some((change) => change.to === 'Dispatched');
    steps.push({
      key: 'shipped',
      label: dispatched ? 'Dispatched' : 'Shipped',
      description:
        order.status === 'Dispatched' ? 'Your order has been dispatched' : 'Your order is on its way',
      at: reached('Shipped', 'Dispatched'),
      state: order.status === 'Delivered' ? 'done' : 'current',
    });
  }
  if (order.deliveredAt) {
    steps.push({
      key: 'delivered',
      label: 'Delivered',
      description: 'Your order has been delivered',
      at: order.deliveredAt,
      state: 'done',
    });
  }
  if (order.status === 'Cancelled') {
    steps.push({
      key: 'cancelled',
      label: 'Order Cancelled',
      description: 'This order was cancelled',
      at: reached('Cancelled'),
      state: 'done',
    });
  }
  return steps;
}
