import { z } from 'zod';
import { ConfirmationChannel } from '../cash-on-delivery';
import { at, id } from './fields';

/** The shopper or an admin confirmed a COD order before it ships (docs/rules/cash-on-delivery.md). */
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
