import type { ConfirmationState, EventData, OrderStatus, PaymentMethod } from '@shop/contracts';

/** The order aggregate's events, as a tagged union. One stream per order: `order-{id}`. */
export type OrderEvent =
  | { type: 'OrderPlaced'; data: EventData<'OrderPlaced'> }
  | { type: 'OrderAbandoned'; data: EventData<'OrderAbandoned'> }
  | { type: 'StatusChanged'; data: EventData<'StatusChanged'> }
  | { type: 'OrderNoteAdded'; data: EventData<'OrderNoteAdded'> }
  | { type: 'OrderConfirmed'; data: EventData<'OrderConfirmed'> }
  | { type: 'OrderConfirmationReminded'; data: EventData<'OrderConfirmationReminded'> }
  | { type: 'OrderConfirmationExpired'; data: EventData<'OrderConfirmationExpired'> };

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
        confirmation: e.paymentMethod === 'COD' ? 'awaiting' : 'not-needed',
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

/** Units per product across the order's lines (a product may appear in several sizes). */
export function unitsByProduct(lines: readonly Pick<OrderLine, 'productId' | 'qty'>[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.qty);
  return new Map([...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
