import type { AttemptState, NoticeRejection, PaymentChannel, ProofState } from '@shop/contracts';
import type { Selectable } from 'kysely';

/** One JazzCash attempt (migration 036). Money in minor units, times ISO strings. */
export interface PaymentAttemptsTable {
  txn_ref: string;
  order_id: string;
  user_id: string;
  amount: number;
  state: AttemptState;
  /** JazzCash's response code and message once it failed (or succeeded). */
  code: string | null;
  message: string | null;
  via: PaymentChannel | null;
  started_at: string;
  expires_at: string;
  settled_at: string | null;
}

/** One proof of a manual transfer (migration 036). */
export interface PaymentProofsTable {
  id: string;
  order_id: string;
  user_id: string;
  transaction_id: string;
  /** The transaction ID without case, spaces or separators: two spellings of one transfer match. */
  transaction_key: string;
  image: string;
  amount: number;
  state: ProofState;
  reason: string | null;
  submitted_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** A notice recorded that changed nothing (migration 036). */
export interface PaymentNoticesTable {
  id: string;
  order_id: string | null;
  txn_ref: string | null;
  via: PaymentChannel;
  reason: NoticeRejection;
  code: string | null;
  amount: number | null;
  at: string;
}

export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;
export type PaymentProofRow = Selectable<PaymentProofsTable>;
export type PaymentNoticeRow = Selectable<PaymentNoticesTable>;
