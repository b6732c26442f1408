import type { OrderConfirmation } from './cash-on-delivery';
import type { ShippingAddress } from './checkout';
import type { OrderNote } from './order-notes';
import type { OrderStatus } from './order-status';
import type { PaymentMethod } from './payment-methods';

export interface OrderItem {
  id: string;
  product: string;
  /** The product as the catalogue shows it now (its thumbnail for small pictures), or null once deleted. */
  Product: {
    id: string;
    name: string;
    image: string;
    thumbnail: string;
    category: string;
    /** Units left of this line's size (of the product, when it has no sizes): what may be bought again. */
    countInStock: number;
  } | null;
  name: string;
  image: string;
  category: string;
  price: number;
  qty: number;
  size: string;
}

export interface StatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  by: { id: string; name: string } | null;
}

/** An order as every read call answers it; money in major units. */
export interface Order {
  id: string;
  /** The short reference people read and quote (e.g. `AX-7K3M9Q`); `id` stays the API's key. */
  reference: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
  status: OrderStatus;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  paymentMethod: PaymentMethod;
  shippingAddress: ShippingAddress;
  itemsPrice: number;
  discountPrice: number;
  shippingPrice: number;
  totalPrice: number;
  affiliateCode: string | null;
  /** The shopper's note for the courier, or null. */
  deliveryNote: string | null;
  /** Who cancelled it: the shopper ('customer') or the shop; null while it is not cancelled. */
  cancelledBy: 'customer' | 'shop' | null;
  /** Cash on delivery's confirmation (`not-needed` for the other methods). */
  confirmation: OrderConfirmation;
  /** What the shop owes back for an order that was paid and then cancelled; null when nothing is owed. */
  refundDue: number | null;
  /** The end of the return window of a delivered order (the shop's returns policy), else null. */
  returnableUntil: string | null;
  User: { name: string; email: string; contact: string } | null;
  OrderItems: OrderItem[];
  orderItems: OrderItem[];
  /** Only for an admin: every status change, oldest first. */
  statusHistory?: StatusChange[];
  /** Present when an admin asked `?asOf=`: the order as the log stood at that moment. */
  asOf?: string;
  /** Only for an admin: the notes on the order, oldest first. */
  notes?: OrderNote[];
}

export interface TrackingStep {
  key:
    | 'placed'
    | 'payment-started'
    | 'payment-failed'
    | 'proof-sent'
    | 'proof-rejected'
    | 'confirmed'
    | 'paid'
    | 'processing'
    | 'shipped'
    | 'delivered'
    | 'cancelled'
    | 'refused'
    | 'return-requested'
    | 'return-approved'
    | 'return-rejected'
    | 'return-received'
    | 'refunded';
  label: string;
  description: string;
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
  /** The return a return or refund step belongs to (an order may have several). */
  returnId?: string;
}

/** Answer of GET /api/orders/{id}/tracking: the order plus a timeline built from its events. */
export interface OrderTracking {
  order: Order;
  progress: number;
  timeline: TrackingStep[];
}

/**
 * `POST /api/orders/confirm`'s answer: the order the link confirmed, as much as its confirmation page
 * shows (the link works signed out, so no address or items).
 */
export type ConfirmedByLink = Pick<Order, 'id' | 'reference' | 'status' | 'totalPrice'> & {
  confirmation: OrderConfirmation;
};

/**
 * `GET /api/orders/confirm?token=`: the order a confirmation link names, read signed out before the
 * shopper presses the button: its reference, what it holds and what she will pay, never who or where.
 */
export type OrderToConfirm = Pick<Order, 'reference' | 'status' | 'totalPrice' | 'paymentMethod'> & {
  confirmation: OrderConfirmation;
  items: Pick<OrderItem, 'name' | 'size' | 'qty' | 'price'>[];
};
