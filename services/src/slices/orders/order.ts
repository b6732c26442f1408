import type { ConfirmationState, EventData, OrderStatus, PaymentMethod } from '@shop/contracts';

/** The order aggregate's events, as a tagged union. One stream per order: `order-{id}`. */
export type OrderEvent =
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> }
  | { type: 'OrderAbandoned'; data: EventData<'OrderAbandoned'> }
  | { type: 'StatusChanged'; data: EventData<'StatusChanged'> }
  | { type: 'OrderNoteAdded'; data: EventData<'OrderNoteAdded'> }
  | { type: 'OrderConfirmed'; data: EventData<'OrderConfirmed'> }
  | { type: 'OrderConfirmationReminded'; data: EventData<'OrderConfirmationReminded'> }
  | { type: 'OrderConfirmationExpired'; data: EventData<'OrderConfirmationExpired'> }
  | PaymentEvent;

/** Payments on the order's stream (the payments slice decides them; the order keeps its own flags). */
export type PaymentEvent =
  | { type: 'PaymentStarted'; data: EventData<'PaymentStarted'> }
  | { type: 'PaymentSucceeded'; data: EventData<'PaymentSucceeded'> }
  | { type: 'PaymentFailed'; data: EventData<'PaymentFailed'> }
  | { type: 'PaymentNoticeRejected'; data: EventData<'PaymentNoticeRejected'> }
  | { type: 'PaymentProofSubmitted'; data: EventData<'PaymentProofSubmitted'> }
  | { type: 'PaymentProofAccepted'; data: EventData<'PaymentProofAccepted'> }
  | { type: 'PaymentProofRejected'; data: EventData<'PaymentProofRejected'> };

export type OrderLine = EventData<'OrderPlaced'>['lines'][number];

/** An order that exists, tagged by its current status. */
export interface PlacedOrder {
  status: OrderStatus;
  orderId: string;
  userId: string;
  paymentMethod: PaymentMethod;
  lines: readonly OrderLine[];
  /** Minor units: the items' subtotal and the affiliate discount taken off it. */
  itemsPrice: number;
  discount: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  placedAt: string;
  /** Cash on delivery's confirmation: `awaiting` from the start for COD, `not-needed` otherwise. */
  confirmation: ConfirmationState;
  /** The one reminder of an awaiting confirmation went out. */
  reminded: boolean;
}

/** No event yet: the order has not been placed. */
export interface AbsentOrder {
  status: 'Absent';
}

/** The reservation sweep gave up on it before it was placed: it never will be. */
export interface AbandonedOrder {
  status: 'Abandoned';
}

export type OrderState = AbsentOrder | AbandonedOrder | PlacedOrder;

export const isPlaced = (state: OrderState): state is PlacedOrder =>
  state.status !== 'Absent' && state.status !== 'Abandoned';

export const initialOrderState = (): OrderState => ({ status: 'Absent' });

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced': {
      const e = event.data;
      return {
        status: 'Pending',
        orderId: e.orderId,
        userId: e.userId,
        paymentMethod: e.paymentMethod,
        lines: e.lines,
        itemsPrice: e.itemsPrice,
        discount: e.discount,
        isPaid: false,
        paidAt: null,
        isDelivered: false,
        deliveredAt: null,
        placedAt: e.at,
        confirmation: e.confirmationRequired ? 'awaiting' : 'not-needed',
        reminded: false,
      };
    }
    case 'OrderAbandoned':
      return state.status === 'Absent' ? { status: 'Abandoned' } : state;
    case 'StatusChanged': {
      if (!isPlaced(state)) return state;
      const e = event.data;
      return {
        ...state,
        status: e.to,
        isPaid: state.isPaid || e.paid,
        paidAt: !state.isPaid && e.paid ? e.at : state.paidAt,
        isDelivered: state.isDelivered || e.delivered,
        deliveredAt: !state.isDelivered && e.delivered ? e.at : state.deliveredAt,
      };
    }
    case 'OrderNoteAdded':
    case 'PaymentStarted':
    case 'PaymentSucceeded':
    case 'PaymentFailed':
    case 'PaymentNoticeRejected':
    case 'PaymentProofSubmitted':
    case 'PaymentProofAccepted':
    case 'PaymentProofRejected':
      // Paying marks the order paid through the StatusChanged appended beside the payment's event.
      return state;
    case 'OrderConfirmed':
      return isPlaced(state) ? { ...state, confirmation: 'confirmed' } : state;
    case 'OrderConfirmationReminded':
      return isPlaced(state) ? { ...state, reminded: true } : state;
    case 'OrderConfirmationExpired':
      return isPlaced(state) ? { ...state, confirmation: 'expired' } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Units of one size of one product across an order's lines; size `''` for a product without sizes. */
export interface SizeUnits {
  productId: string;
  size: string;
  qty: number;
}

/**
 * Units per product and size across the order's lines (two lines may name the same size), ordered
 * by product id, then size: the order every placing takes product streams in.
 */
export function unitsByProductAndSize(
  lines: readonly Pick<OrderLine, 'productId' | 'size' | 'qty'>[],
): SizeUnits[] {
  const units = new Map<string, SizeUnits>();
  for (const { productId, size, qty } of lines) {
    const key = `${productId}\u0000${size}`;
    const seen = units.get(key);
    if (seen) seen.qty += qty;
    else units.set(key, { productId, size, qty });
  }
  // Keys of a map are never equal, so two entries are always one before the other.
  return [...units.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, sized]) => sized);
}
