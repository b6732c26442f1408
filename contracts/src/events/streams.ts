import type { UserId } from '../ids';
import type { MessageChannel } from '../messages';

/** Stream names, one place. Claim streams are keyed by the normalised value. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  product: (productId: string) => `product-${productId}`,
  review: (reviewId: string) => `review-${reviewId}`,
  order: (orderId: string) => `order-${orderId}`,
  orderReturn: (returnId: string) => `return-${returnId}`,
  affiliate: (userId: string) => `affiliate-${userId}`,
  emailClaim: (email: string) => `email-${email.toLowerCase()}`,
  /** A registration waiting for the owner of an address an unverified account holds. */
  emailReclaim: (requestId: string) => `reclaim-email-${requestId}`,
  affiliateCodeClaim: (code: string) => `affiliate-code-${code.toUpperCase()}`,
  idempotencyClaim: (userId: UserId, key: string) => `idempotency-${userId}-${key}`,
  /** One message owed: by the event that caused it, on a channel, of a kind (`order-confirmation`). */
  outbox: (channel: MessageChannel, kind: string, causeEventId: string) =>
    `outbox-${channel}-${kind}-${causeEventId}`,
  /** Claimed by the instance that seeds the demo catalogue, so several starting together seed it once. */
  demoCatalogueClaim: () => 'demo-catalogue',
  /** A SKU, owned by the product whose variant carries it; case-insensitive. */
  skuClaim: (sku: string) => `sku-${sku.trim().toUpperCase()}`,
  orderReferenceClaim: (reference: string) => `order-reference-${reference.toUpperCase()}`,
  /** A customer's cash-on-delivery standing: the admin's lifts of the refusal limit. */
  codStanding: (userId: string) => `cod-standing-${userId}`,
  /** A payment notice that named no order we know, or could not be believed (decision 030). */
  paymentNotice: (noticeId: string) => `payment-notice-${noticeId}`,
  /** An order's parcel with the couriers: its bookings, cancels and statuses. */
  shipment: (orderId: string) => `shipment-${orderId}`,
} as const;
