import { z } from 'zod';
import { Size } from './catalogue';
import { OrderStatus, PaymentMethod, ShippingAddress } from './orders';

/**
 * Every event of the shop: its type name and its data schema. Money is in minor units (paisa),
 * times are ISO strings from the injected clock. Stream names are built with `streams` below.
 * Changing a schema means bumping its version in `EVENT_SCHEMA_VERSIONS` and adding an upcaster.
 */

const at = z.string();
const id = z.string().min(1);
const minor = z.number().int();

export const UserRegistered = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  passwordHash: z.string(),
  isAdmin: z.boolean(),
  at,
});
export const UserProfileChanged = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  at,
});
export const UserPasswordChanged = z.object({ userId: id, passwordHash: z.string(), at });
export const UserRoleChanged = z.object({ userId: id, isAdmin: z.boolean(), at });
/** Claim streams (`email-…`, `affiliate-code-…`, `idempotency-…`): whoever appends first owns the value. */
export const ValueClaimed = z.object({ value: z.string(), ownerId: id, at });
export const ValueReleased = z.object({ value: z.string(), ownerId: id, at });

const productFields = {
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: minor,
  originalPrice: minor.nullable(),
  image: z.string(),
  thumbnail: z.string(),
  sizes: z.array(Size),
  isFeatured: z.boolean(),
};
export const ProductCreated = z.object({
  productId: id,
  ...productFields,
  countInStock: z.number().int(),
  at,
});
/** Stock set by the admin is a new absolute count; reservations are separate events. */
export const ProductUpdated = z.object({
  productId: id,
  ...productFields,
  countInStock: z.number().int(),
  at,
});
export const ProductDeleted = z.object({ productId: id, at });
export const StockReserved = z.object({ productId: id, orderId: id, qty: z.number().int().positive(), at });
export const StockReleased = z.object({
  productId: id,
  orderId: id,
  qty: z.number().int().positive(),
  /** `returned`: units of a delivered order that came back in a return. */
  reason: z.enum(['cancelled', 'order-refused', 'orphaned', 'returned']),
  at,
});

export const ReviewPosted = z.object({
  reviewId: id,
  productId: id,
  userId: id,
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  at,
});
export const ReviewDeleted = z.object({ reviewId: id, productId: id, deletedBy: id, at });

export const OrderLine = z.object({
  lineId: id,
  productId: id,
  name: z.string(),
  image: z.string(),
  category: z.string(),
  unitPrice: minor,
  qty: z.number().int().positive(),
  size: z.string(),
});
export const OrderPlaced = z.object({
  orderId: id,
  userId: id,
  lines: z.array(OrderLine).min(1),
  shippingAddress: ShippingAddress,
  paymentMethod: PaymentMethod,
  itemsPrice: minor,
  discount: minor,
  shippingPrice: minor,
  totalPrice: minor,
  affiliateCode: z.string().nullable(),
  affiliateUserId: z.string().nullable(),
  /** The shopper's note for the courier; absent when they left none. */
  deliveryNote: z.string().optional(),
  at,
});
/** `paid`/`delivered` say which flags this change sets (Paid; Delivered, and paid on COD delivery). */
export const StatusChanged = z.object({
  orderId: id,
  from: OrderStatus,
  to: OrderStatus,
  by: id,
  paid: z.boolean(),
  delivered: z.boolean(),
  at,
});

/** An admin's note on an order (shoppers never see them). */
export const OrderNoteAdded = z.object({ orderId: id, noteId: id, text: z.string(), by: id, at });

/**
 * Returns: one stream per return, `return-{orderId}-{n}` for the order's n-th (decision 021). Each
 * event names the order and its customer, so a reader (an e-mail, a report) needs nothing else.
 * `refund` and `amount` are what the shop pays back: the units at the price paid, less their share
 * of the order's affiliate discount.
 */
const ReturnedLine = z.object({
  orderItemId: id,
  productId: id,
  name: z.string(),
  image: z.string(),
  category: z.string(),
  size: z.string(),
  qty: z.number().int().positive(),
  unitPrice: minor,
  refund: minor,
});
export const ReturnRequested = z.object({
  returnId: id,
  orderId: id,
  userId: id,
  items: z.array(ReturnedLine).min(1),
  reason: z.string(),
  amount: minor,
  at,
});
const returnDecision = { returnId: id, orderId: id, userId: id, by: id, at };
export const ReturnApproved = z.object(returnDecision);
export const ReturnRejected = z.object(returnDecision);
/** The units are back at the shop: they go back into stock. */
export const ReturnReceived = z.object({
  ...returnDecision,
  items: z.array(ReturnedLine.pick({ orderItemId: true, productId: true, size: true, qty: true })).min(1),
});
/** The shop paid `amount` back: sales are net of it from this day, and commission on the units is void. */
export const ReturnRefunded = z.object({
  ...returnDecision,
  amount: minor,
  items: z
    .array(ReturnedLine.pick({ orderItemId: true, productId: true, category: true, qty: true, refund: true }))
    .min(1),
});

export const AffiliateRequested = z.object({ requestId: id, userId: id, at });
export const AffiliateApproved = z.object({ requestId: id, userId: id, code: z.string(), by: id, at });
export const AffiliateRejected = z.object({ requestId: id, userId: id, by: id, at });

export const eventSchemas = {
  UserRegistered,
  UserProfileChanged,
  UserPasswordChanged,
  UserRoleChanged,
  ValueClaimed,
  ValueReleased,
  ProductCreated,
  ProductUpdated,
  ProductDeleted,
  StockReserved,
  StockReleased,
  ReviewPosted,
  ReviewDeleted,
  OrderPlaced,
  StatusChanged,
  OrderNoteAdded,
  ReturnRequested,
  ReturnApproved,
  ReturnRejected,
  ReturnReceived,
  ReturnRefunded,
  AffiliateRequested,
  AffiliateApproved,
  AffiliateRejected,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A shop event as a tagged union: `{ type: 'OrderPlaced', data: {...} }`. */
export type ShopEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** Current schema version of each event type (all start at 1). */
export const EVENT_SCHEMA_VERSIONS: Readonly<Partial<Record<EventType, number>>> = {};

/** Stream names, one place. Claim streams are keyed by the normalised value. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  product: (productId: string) => `product-${productId}`,
  review: (reviewId: string) => `review-${reviewId}`,
  order: (orderId: string) => `order-${orderId}`,
  orderReturn: (returnId: string) => `return-${returnId}`,
  affiliate: (userId: string) => `affiliate-${userId}`,
  emailClaim: (email: string) => `email-${email.toLowerCase()}`,
  affiliateCodeClaim: (code: string) => `affiliate-code-${code.toUpperCase()}`,
  idempotencyClaim: (userId: string, key: string) => `idempotency-${userId}-${key}`,
} as const;
