import { z } from 'zod';

/**
 * Taking money online (decision 030): JazzCash's hosted checkout and a manual transfer proven by its
 * transaction ID and a screenshot. Every event below is on the order's stream (`order-{id}`), except a
 * notice that cannot be believed or tied to an order, which is kept on a stream of its own
 * (`payment-notice-{id}`). Amounts are paisa. No card or wallet data is ever in an event: JazzCash
 * keeps it, the shop sees only the response code, its message and JazzCash's own references.
 */

const at = z.string();
const id = z.string().min(1);
const minor = z.number().int();

/** The ways an order was paid, as the reports split sales: online, by a proven transfer, or at the door. */
export const PAID_VIA = ['jazzcash', 'transfer', 'cod'] as const;
export type PaidVia = (typeof PAID_VIA)[number];

/** How a gateway's news reached the shop: the browser's return, JazzCash's IPN, or our status inquiry. */
export const PaymentChannel = z.enum(['return', 'ipn', 'inquiry']);
export type PaymentChannel = z.infer<typeof PaymentChannel>;

/** Why a notice was recorded and nothing changed. */
export const NOTICE_REJECTIONS = [
  'bad-hash',
  'unknown-reference',
  'amount-mismatch',
  'order-not-payable',
  'already-settled',
  'malformed',
] as const;
export const NoticeRejection = z.enum(NOTICE_REJECTIONS);
export type NoticeRejection = z.infer<typeof NoticeRejection>;

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

export const paymentEventSchemas = {
  PaymentStarted,
  PaymentSucceeded,
  PaymentFailed,
  PaymentNoticeRejected,
  PaymentProofSubmitted,
  PaymentProofAccepted,
  PaymentProofRejected,
} as const;

/** `POST /api/orders/{id}/pay`. */
export const PayRequest = z.object({ method: z.literal('jazzcash', { error: 'method must be "jazzcash"' }) });
export type PayRequest = z.infer<typeof PayRequest>;

/** The form the browser posts to JazzCash: every field as JazzCash wants it, signed. */
export interface PaymentForm {
  actionUrl: string;
  fields: Record<string, string>;
}

/** A transaction ID as a shopper types it: letters, digits and separators, 4 to 40 characters. */
export const TransactionId = z
  .string({ error: 'Enter the transaction ID of your transfer.' })
  .trim()
  .min(4, 'A transaction ID has at least 4 characters.')
  .max(40, 'A transaction ID has at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'A transaction ID has letters and digits only.');

/** `POST /api/admin/payment-proofs/{id}/reject`. */
export const RejectProofRequest = z.object({
  reason: z
    .string({ error: 'Say why the proof was not accepted.' })
    .trim()
    .min(3, 'Say why the proof was not accepted.')
    .max(500, 'At most 500 characters.'),
});

export type ProofState = 'submitted' | 'accepted' | 'rejected';

/** A proof as its shopper and the admins see it. Amounts are decimal PKR, as the API speaks. */
export interface PaymentProofView {
  id: string;
  orderId: string;
  reference: string;
  transactionId: string;
  image: string;
  /** The order's total when the proof came. */
  amount: number;
  state: ProofState;
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  /** Other orders whose proofs carry the same transaction ID (admins only; empty for shoppers). */
  usedOnOtherOrders: string[];
}

export type AttemptState = 'pending' | 'succeeded' | 'failed';

/** One JazzCash attempt on an order. */
export interface PaymentAttemptView {
  txnRef: string;
  amount: number;
  state: AttemptState;
  message: string | null;
  startedAt: string;
  settledAt: string | null;
}

/** `GET /api/orders/{id}/payments`: what the order page says about paying. */
export interface OrderPayments {
  /** JazzCash can be offered for this order now (configured, unpaid, not cash on delivery). */
  canPayOnline: boolean;
  /** A proof can be sent now (unpaid, not cash on delivery, no proof waiting to be checked). */
  canSendProof: boolean;
  attempts: PaymentAttemptView[];
  proofs: PaymentProofView[];
}

/** `GET /api/admin/payment-proofs`: proofs to check, newest first, each beside its order's amount. */
export interface AdminPaymentProof extends PaymentProofView {
  customerName: string;
  orderTotal: number;
  orderStatus: string;
}
