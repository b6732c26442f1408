import { z } from 'zod';
import { at, id, minor } from './fields';

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
