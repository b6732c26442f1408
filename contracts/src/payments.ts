import { z } from 'zod';

/**
 * Taking money online (decision 030): JazzCash's hosted checkout and a manual transfer proven by its
 * transaction ID and a screenshot; the events are in `events/payments.ts`. Amounts the API answers
 * are decimal PKR.
 */

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
