import {
  formatMoney,
  fromMinor,
  type OrderConfirmation,
  type OrderStatus,
  type ReturnStatus,
  type TrackingStep,
} from '@shop/contracts';

/** A return of the order as the timeline tells it: the statuses it reached, with their times. */
export interface TimelineReturn {
  id: string;
  /** Minor units: the refund it carries. */
  amount: number;
  /** Units it asks back. */
  units: number;
  steps: readonly { status: ReturnStatus; at: string }[];
}

/**
 * What the timeline is built from: the order's placement, flags, every status change it had, who
 * cancelled it, and its returns.
 */
export interface TimelineSource {
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  deliveredAt: string | null;
  changes: readonly { to: OrderStatus; at: string }[];
  cancelledBy?: 'customer' | 'shop' | null;
  /** Cash on delivery's confirmation: when and how it was confirmed, or that it expired. */
  confirmation?: Pick<OrderConfirmation, 'state' | 'at' | 'channel'>;
  returns?: readonly TimelineReturn[];
  /** Payments tried and proofs sent (decision 030): each attempt, failure, proof and rejection. */
  payments?: readonly TimelinePayment[];
}

/** A payment step: a JazzCash attempt started or failed, a proof of transfer sent or not accepted. */
export interface TimelinePayment {
  key: 'payment-started' | 'payment-failed' | 'proof-sent' | 'proof-rejected';
  at: string;
  /** The gateway's message for a failure, the admin's reason for a rejection. */
  detail?: string | null;
}

const PAYMENT_STEPS: Record<
  TimelinePayment['key'],
  { label: string; description: (detail: string) => string }
> = {
  'payment-started': { label: 'Payment Started', description: () => 'You went to JazzCash to pay' },
  'payment-failed': {
    label: 'Payment Not Completed',
    description: (detail) => (detail ? `JazzCash said: ${detail}` : 'The payment did not go through'),
  },
  'proof-sent': { label: 'Proof of Payment Sent', description: () => 'We are checking your transfer' },
  'proof-rejected': {
    label: 'Proof Not Accepted',
    description: (detail) =>
      detail ? `We could not confirm your transfer: ${detail}` : 'We could not confirm your transfer',
  },
};

const RETURN_STEPS: Record<
  ReturnStatus,
  (r: TimelineReturn) => Pick<TrackingStep, 'key' | 'label' | 'description'>
> = {
  Requested: (r) => ({
    key: 'return-requested',
    label: 'Return Requested',
    description: `You asked to return ${r.units === 1 ? '1 item' : `${r.units} items`}`,
  }),
  Approved: () => ({
    key: 'return-approved',
    label: 'Return Approved',
    description: 'Your return was accepted: please send the items back',
  }),
  Rejected: () => ({
    key: 'return-rejected',
    label: 'Return Declined',
    description: 'Your return could not be accepted',
  }),
  Received: () => ({
    key: 'return-received',
    label: 'Return Received',
    description: 'Your returned items arrived back with us',
  }),
  Refunded: (r) => ({
    key: 'refunded',
    label: 'Refund Issued',
    description: `${formatMoney(fromMinor(r.amount))} refunded to you`,
  }),
};

const SHIPPED: readonly OrderStatus[] = ['Shipped', 'Dispatched', 'Delivered', 'Refused'];

/**
 * The tracking timeline (docs/rules/orders.md#tracking-timeline) from the order's real events, never a step
 * the order skipped: placed; paid when paid; processing when it was processed (or still to come while
 * nothing has shipped); shipped or dispatched, as it happened, once Shipped, Dispatched, Delivered or
 * Refused; delivered when delivered; refused when the parcel came back; cancelled when cancelled
 * (saying who cancelled it, and why when its cash-on-delivery confirmation expired); then every step
 * its returns took, in time order. A confirmed COD order has its confirmation after the placing. Each
 * step carries the time of the event that reached it.
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
  const payments = [...(order.payments ?? [])].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const payment of payments) {
    const step = PAYMENT_STEPS[payment.key];
    steps.push({
      key: payment.key,
      label: step.label,
      description: step.description(payment.detail ?? ''),
      at: payment.at,
      state: 'done',
    });
  }
  const confirmation = order.confirmation;
  if (confirmation?.state === 'confirmed') {
    steps.push({
      key: 'confirmed',
      label: 'Order Confirmed',
      description:
        confirmation.channel === 'phone'
          ? 'You confirmed your order with us by phone'
          : 'You confirmed your order',
      at: confirmation.at,
      state: 'done',
    });
  }
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
      state: order.status === 'Delivered' || order.status === 'Refused' ? 'done' : 'current',
    });
  }
  if (order.status === 'Refused') {
    steps.push({
      key: 'refused',
      label: 'Parcel Returned',
      description: 'The parcel came back to us: refused at the door or undeliverable',
      at: reached('Refused'),
      state: 'done',
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
      description:
        order.cancelledBy === 'customer'
          ? 'You cancelled this order'
          : confirmation?.state === 'expired'
            ? 'This order was cancelled by the shop: it was not confirmed in time'
            : order.cancelledBy === 'shop'
              ? 'This order was cancelled by the shop'
              : 'This order was cancelled',
      at: reached('Cancelled'),
      state: 'done',
    });
  }
  const returnSteps = (order.returns ?? []).flatMap((r) =>
    r.steps.map(
      (step): TrackingStep => ({
        ...RETURN_STEPS[step.status](r),
        at: step.at,
        state: 'done',
        returnId: r.id,
      }),
    ),
  );
  // Stable: steps of one instant keep the order they were taken in.
  return [...steps, ...returnSteps.sort((a, b) => (a.at! < b.at! ? -1 : a.at! > b.at! ? 1 : 0))];
}
