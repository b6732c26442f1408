import { z } from 'zod';
import { ShippingAddress } from '../checkout';
import { OrderStatus } from '../order-status';
import { PaymentMethod } from '../payment-methods';
import { at, id, minor } from './fields';

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
