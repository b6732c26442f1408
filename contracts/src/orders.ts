import { z } from 'zod';
import { MOBILE_PATTERN, PHONE_PATTERN } from './accounts';
import type { CodMetrics, OrderConfirmation } from './cash-on-delivery';
import { MoneyAmount } from './money';
import { PaymentMethod } from './payment-methods';

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
 * The order state machine (docs/rules/orders.md#state-machine); Delivered, Cancelled and Refused are
 * final. Refused: the courier brought a dispatched parcel back (refused at the door or undeliverable).
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

/**
 * What the admin dropdown offers (docs/rules/orders.md#admin-status-choices), and Refused for a parcel
 * the courier brought back.
 */
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

export const DELIVERY_NOTE_MAX = 500;
export const ORDER_NOTE_MAX = 1000;

/** COD = cash on delivery; Card = the manual JazzCash / EasyPaisa / bank transfer (spec's label). */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ShippingAddress = z.object({
  fullName: z.string().trim().max(100).default(''),
  address: required('Address', 300),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 60),
  phone: z
    .string()
    .trim()
    .max(20)
    .default('')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Phone must look like 0300-1234567 or +92 300 1234567'),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** The one country the shop delivers to; orders name it so, whatever a client wrote. */
export const SHIP_TO_COUNTRY = 'Pakistan';
const ONLY_PAKISTAN = 'We deliver within Pakistan only';
const COD_NEEDS_MOBILE =
  'A mobile number is needed for cash on delivery, like 0300-1234567 or +92 300 1234567';

/**
 * A shipping address as a new order takes it: `ShippingAddress` with the country fixed to Pakistan
 * ("pakistan" or "PK" are named "Pakistan", another country is refused). Recorded orders keep the
 * looser `ShippingAddress`, so addresses accepted before this rule still read.
 */
export const ShippingAddressInput = ShippingAddress.extend({
  country: required('Country', 60)
    .refine((v) => /^(pakistan|pk)$/i.test(v), ONLY_PAKISTAN)
    .transform(() => SHIP_TO_COUNTRY),
});

/**
 * Cash on delivery needs a mobile number the courier can call; other methods take any phone or none.
 * A phone that is not a phone number at all already has its message, so it gets no second one.
 */
function refuseCodWithoutMobile(
  paymentMethod: PaymentMethod,
  phone: string,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  const malformed = phone !== '' && !PHONE_PATTERN.test(phone);
  if (paymentMethod === 'COD' && !malformed && !MOBILE_PATTERN.test(phone)) {
    ctx.addIssue({ code: 'custom', path, message: COD_NEEDS_MOBILE });
  }
}

/** The checkout form's address for a payment method: the phone is required for cash on delivery. */
export const shippingAddressFor = (paymentMethod: PaymentMethod) =>
  ShippingAddressInput.superRefine((address, ctx) =>
    refuseCodWithoutMobile(paymentMethod, address.phone, ctx, ['phone']),
  );

export const OrderItemInput = z.object({
  product: z.string({ error: 'Product is required' }).trim().min(1, 'Product is required').max(64),
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000, 'Quantity is too large'),
  price: MoneyAmount,
  size: z.string().trim().max(8).default(''),
});

/** Body of POST /api/orders. Prices and totals are the client's view, checked against the server's. */
export const OrderInput = z
  .object({
    orderItems: z
      .array(OrderItemInput)
      .min(1, 'Your order has no items')
      .max(50, 'An order holds at most 50 lines'),
    shippingAddress: ShippingAddressInput,
    paymentMethod: PaymentMethod,
    itemsPrice: MoneyAmount,
    shippingPrice: MoneyAmount,
    totalPrice: MoneyAmount,
    affiliateCode: z
      .string()
      .trim()
      .max(32)
      .transform((c) => c.toUpperCase())
      .optional(),
    /** For the courier, e.g. "call before coming, gate 2"; shown to the admin on the order. */
    deliveryNote: z
      .string({ error: 'Delivery note must be text' })
      .trim()
      .max(DELIVERY_NOTE_MAX, `Delivery note must be at most ${DELIVERY_NOTE_MAX} characters`)
      .optional(),
  })
  .superRefine((order, ctx) =>
    refuseCodWithoutMobile(order.paymentMethod, order.shippingAddress.phone, ctx, [
      'shippingAddress',
      'phone',
    ]),
  );
export type OrderInput = z.infer<typeof OrderInput>;

/**
 * Order references: two letters, a dash and six letters or digits (`AX-7K3M9Q`), from an alphabet
 * without look-alikes (no 0/O, 1/I/L). Orders placed before references existed have ten characters
 * without a dash, derived from their id, so the two kinds never meet.
 */
export const REFERENCE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_ALPHABET = `${REFERENCE_LETTERS}23456789`;
const NEW_REFERENCE = new RegExp(`^([${REFERENCE_LETTERS}]{2})-?([${REFERENCE_ALPHABET}]{6})$`);
const LEGACY_REFERENCE = new RegExp(`^[${REFERENCE_ALPHABET}]{10}$`);

/**
 * A reference as a person typed it (any case, spaces, the dash left out) in the form the shop stores,
 * or undefined when it cannot be one.
 */
export function normaliseOrderReference(typed: string): string | undefined {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  const fresh = NEW_REFERENCE.exec(compact);
  if (fresh) return `${fresh[1]}-${fresh[2]}`;
  return LEGACY_REFERENCE.test(compact) ? compact : undefined;
}

export const StatusChangeInput = z.object({ status: OrderStatus });

/** Body of POST /api/admin/orders/{id}/notes. */
export const OrderNoteInput = z.object({
  text: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(ORDER_NOTE_MAX, `Note must be at most ${ORDER_NOTE_MAX} characters`),
});
export type OrderNoteInput = z.infer<typeof OrderNoteInput>;

/** Statuses from which the shopper may still cancel the order themselves. */
export const CANCELLABLE_BY_SHOPPER: readonly OrderStatus[] = ['Pending', 'Paid'];

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

/** An admin's note on an order; shoppers never see them. */
export interface OrderNote {
  id: string;
  text: string;
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

export interface SalesPoint {
  /** Calendar day in the shop's time zone, YYYY-MM-DD. */
  date: string;
  /** The day's sales net of the refunds made that day, in the shop currency (name kept from the original contract). */
  salesUSD: number;
  /** The same net amount. */
  amount: number;
  orders: number;
  /** Refunds made that day, already taken out of `amount`. */
  refunds: number;
}

/** Answer of GET /api/admin/metrics. */
/**
 * `POST /api/orders/confirm`'s answer: the order the link confirmed, as much as its confirmation page
 * shows (the link works signed out, so no address or items).
 */
export type ConfirmedByLink = Pick<Order, 'id' | 'reference' | 'status' | 'totalPrice'> & {
  confirmation: OrderConfirmation;
};

export interface AdminMetrics {
  total: number;
  pending: number;
  paid: number;
  delivered: number;
  cancelled: number;
  /** Every order counted once, under its current status: the counts add up to `total`. */
  byStatus: Record<OrderStatus, number>;
  /** Paid or being prepared (Processing), not yet dispatched. */
  toShip: number;
  /** Manual transfers not yet marked paid, and not cancelled. */
  awaitingPayment: number;
  sales: SalesPoint[];
  /** Present when asked `?asOf=`: the dashboard as the log stood at that moment. */
  asOf?: string;
  /** Configured payment accounts and support details that still look like placeholders. */
  configWarnings: string[];
  /** Refused parcels, and the confirmation and refusal rates over the last 30 days. */
  cod?: CodMetrics;
}
