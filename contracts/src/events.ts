import { z } from 'zod';
import { ConfirmationChannel } from './cash-on-delivery';
import { Size, StockBySize } from './catalogue';
import { MessageChannel } from './messages';
import { OrderStatus, ShippingAddress } from './orders';
import { PaymentMethod } from './payment-methods';
import { paymentEventSchemas } from './payments';

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
/** One session (one token) ended by signing out; remembered until the token would have expired anyway. */
export const UserSignedOut = z.object({ userId: id, sessionId: id, expiresAt: at, at });
/**
 * Every session of the user issued before this ends, except `keptSessionId`, the one that made the
 * change (null: none is kept, as after a password reset). Each one raises the user's session version.
 */
export const UserSessionsEnded = z.object({ userId: id, keptSessionId: id.nullable(), at });
/** A password reset was asked for. The token is never stored: it is `passwordResetToken(key, requestId)`. */
export const PasswordResetRequested = z.object({
  userId: id,
  requestId: id,
  email: z.string(),
  expiresAt: at,
  at,
});
/** The reset link of `requestId` was used; the new password is the UserPasswordChanged beside it. */
export const PasswordResetCompleted = z.object({ userId: id, requestId: id, at });
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
/**
 * Stock a product keeps: `countInStock` is the sum of `stockBySize` when it has sizes, its one count
 * (and `stockBySize` `{}`) when not. Schema version 2 added `stockBySize`.
 */
const productStock = { countInStock: z.number().int(), stockBySize: StockBySize };
export const ProductCreated = z.object({
  productId: id,
  ...productFields,
  ...productStock,
  at,
});
/** Stock set by the admin is a new absolute count; reservations are separate events. */
export const ProductUpdated = z.object({
  productId: id,
  ...productFields,
  ...productStock,
  at,
});
export const ProductDeleted = z.object({ productId: id, at });
/**
 * The size whose units moved: `''` for a product without sizes, null for an event from before stock
 * per size (schema version 1), which counts against the product's first size.
 */
const stockSize = z.union([Size, z.literal('')]).nullable();
export const StockReserved = z.object({
  productId: id,
  orderId: id,
  size: stockSize,
  qty: z.number().int().positive(),
  at,
});
export const StockReleased = z.object({
  productId: id,
  orderId: id,
  size: stockSize,
  qty: z.number().int().positive(),
  /**
   * `returned`: units of a delivered order that came back in a return; `parcel-refused`: a dispatched
   * parcel the courier brought back (status Refused).
   */
  reason: z.enum(['cancelled', 'order-refused', 'orphaned', 'returned', 'parcel-refused']),
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
/**
 * Since schema version 2 an order carries its short human reference (`ORDER_REFERENCE`); since 3,
 * whether the shop asks for its confirmation (cash on delivery, decision 023).
 */
export const OrderPlaced = z.object({
  orderId: id,
  reference: z.string().min(1).max(10),
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
  /**
   * The shop asks the shopper to confirm it before it ships (every cash-on-delivery order); false
   * on orders placed before the shop asked, which were never asked and so never expire.
   */
  confirmationRequired: z.boolean(),
  at,
});
/**
 * The reservation sweep gave up on an order that was never placed (its stock was reserved, then the
 * request died): written first on the order's stream, so that order can no longer be placed by the
 * instance that may still be completing it, and only then is its stock released.
 */
export const OrderAbandoned = z.object({ orderId: id, at });
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

/** Cash on delivery (DECISIONS.md). The shopper or an admin confirmed a COD order before it ships. */
export const OrderConfirmed = z.object({
  orderId: id,
  userId: id,
  by: id,
  channel: ConfirmationChannel,
  /** An admin's note on a phone confirmation. */
  note: z.string().optional(),
  at,
});
/** Halfway through the confirmation window, unconfirmed: the one reminder is owed. */
export const OrderConfirmationReminded = z.object({ orderId: id, userId: id, expiresAt: at, at });
/**
 * The window ended unconfirmed: appended with the StatusChanged to Cancelled (by `system`) that
 * releases the stock, in one append on the order's stream.
 */
export const OrderConfirmationExpired = z.object({ orderId: id, userId: id, at });
/** An admin offered cash on delivery again to a customer past the refusal limit (their refusals so far). */
export const CodRefusalLimitLifted = z.object({
  userId: id,
  refusals: z.number().int().nonnegative(),
  reason: z.string(),
  by: id,
  at,
});

export const AffiliateRequested = z.object({ requestId: id, userId: id, at });
export const AffiliateApproved = z.object({ requestId: id, userId: id, code: z.string(), by: id, at });
export const AffiliateRejected = z.object({ requestId: id, userId: id, by: id, at });

/**
 * The outbox: a message the shop owes because of an event (`causeEventId`), recorded before it is sent,
 * in a stream of its own named by the event, the channel and the kind (`streams.outbox`), appended with
 * NO_STREAM so that it is owed once however many instances see the event. `to` is the address as it was
 * when the message became owed.
 */
export const MessageOwed = z.object({
  channel: MessageChannel,
  kind: z.string().min(1),
  causeEventId: id,
  causePosition: z.number().int().positive(),
  to: z.string(),
  toName: z.string(),
  at,
});
const attempt = z.number().int().positive();
/** One instance is sending the message until `until` (a lease, appended at the stream's revision). */
export const MessageSendStarted = z.object({ owner: id, attempt, until: at, at });
/** The attempt failed for a reason that may pass (server down, 4xx); tried again from `retryAt`. */
export const MessageDeferred = z.object({ attempt, reason: z.string(), retryAt: at, at });
/** The server accepted the message. */
export const MessageSent = z.object({ attempt, messageId: z.string(), at });
/** Refused for good (a 5xx such as an unknown address), or given up on: never tried again. */
export const MessageFailed = z.object({ attempt: z.number().int().nonnegative(), reason: z.string(), at });
/**
 * Not sent, and not needed any more: what it asked for was done first (a reminder to confirm an
 * order the shopper confirmed meanwhile). Never tried again; no failure.
 */
export const MessageWithdrawn = z.object({ attempt: z.number().int().nonnegative(), reason: z.string(), at });

export const eventSchemas = {
  UserRegistered,
  UserProfileChanged,
  UserPasswordChanged,
  UserRoleChanged,
  UserSignedOut,
  UserSessionsEnded,
  PasswordResetRequested,
  PasswordResetCompleted,
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
  OrderAbandoned,
  StatusChanged,
  OrderNoteAdded,
  ReturnRequested,
  ReturnApproved,
  ReturnRejected,
  ReturnReceived,
  ReturnRefunded,
  OrderConfirmed,
  OrderConfirmationReminded,
  OrderConfirmationExpired,
  CodRefusalLimitLifted,
  AffiliateRequested,
  AffiliateApproved,
  AffiliateRejected,
  MessageOwed,
  MessageSendStarted,
  MessageDeferred,
  MessageSent,
  MessageFailed,
  MessageWithdrawn,
  ...paymentEventSchemas,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A shop event as a tagged union: `{ type: 'OrderPlaced', data: {...} }`. */
export type ShopEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** Current schema version of each event type (all start at 1); each bump has an upcaster in services. */
export const EVENT_SCHEMA_VERSIONS: Readonly<Partial<Record<EventType, number>>> = {
  OrderPlaced: 3,
  ProductCreated: 2,
  ProductUpdated: 2,
  StockReserved: 2,
  StockReleased: 2,
};

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
  /** One message owed: by the event that caused it, on a channel, of a kind (`order-confirmation`). */
  outbox: (channel: MessageChannel, kind: string, causeEventId: string) =>
    `outbox-${channel}-${kind}-${causeEventId}`,
  /** Claimed by the instance that seeds the demo catalogue, so several starting together seed it once. */
  demoCatalogueClaim: () => 'demo-catalogue',
  orderReferenceClaim: (reference: string) => `order-reference-${reference.toUpperCase()}`,
  /** A customer's cash-on-delivery standing: the admin's lifts of the refusal limit. */
  codStanding: (userId: string) => `cod-standing-${userId}`,
  /** A payment notice that named no order we know, or could not be believed (decision 030). */
  paymentNotice: (noticeId: string) => `payment-notice-${noticeId}`,
} as const;
