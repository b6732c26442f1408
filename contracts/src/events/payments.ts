import { z } from 'zod';
import { NoticeRejection, PaymentChannel } from '../payments';
import { at, id, minor } from './fields';

/**
 * Taking money online (decision 030). Every event below is on the order's stream (`order-{id}`),
 * except a notice that cannot be believed or tied to an order, which is kept on a stream of its own
 * (`payment-notice-{id}`). Amounts are paisa. No card or wallet data is ever in an event: JazzCash
 * keeps it, the shop sees only the response code, its message and JazzCash's own references.
 */

/** The shopper was handed a signed JazzCash form for the order's whole amount. */
export const PaymentStarted = z.object({
  orderId: id,
  userId: id,
  txnRef: id,
  amount: minor,
  expiresAt: at,
  at,
});
/** JazzCash said the payment went through; appended with the StatusChanged to Paid. */
export const PaymentSucceeded = z.object({
  orderId: id,
  userId: id,
  txnRef: id,
  amount: minor,
  via: PaymentChannel,
  /** JazzCash's own references, for a dispute; empty when it sent none. */
  authCode: z.string(),
  retrievalRef: z.string(),
  at,
});
/** JazzCash said the payment did not go through (declined, cancelled, expired). */
export const PaymentFailed = z.object({
  orderId: id,
  userId: id,
  txnRef: id,
  via: PaymentChannel,
  code: z.string(),
  message: z.string(),
  at,
});
/**
 * A notice that changed nothing: forged (bad hash), for an unknown transaction, for another amount,
 * for an order that can no longer be paid (money JazzCash took for a cancelled order is owed back),
 * or contradicting what was settled already. `orderId` is null when it named no order we know.
 */
export const PaymentNoticeRejected = z.object({
  noticeId: id,
  orderId: id.nullable(),
  txnRef: z.string().nullable(),
  via: PaymentChannel,
  reason: NoticeRejection,
  code: z.string().nullable(),
  amount: minor.nullable(),
  at,
});
/** A shopper's proof of a manual transfer: the transaction ID as typed, and the re-encoded screenshot. */
export const PaymentProofSubmitted = z.object({
  proofId: id,
  orderId: id,
  userId: id,
  transactionId: z.string().min(1),
  image: z.string(),
  amount: minor,
  at,
});
/** An admin checked the proof against the account: the order is Paid (the StatusChanged beside it). */
export const PaymentProofAccepted = z.object({
  proofId: id,
  orderId: id,
  userId: id,
  transactionId: z.string(),
  amount: minor,
  by: id,
  at,
});
/** An admin could not find the transfer: the shopper is told why, by e-mail and on her order page. */
export const PaymentProofRejected = z.object({
  proofId: id,
  orderId: id,
  userId: id,
  reason: z.string().min(1),
  by: id,
  at,
});
