import type { ProofState } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { PaymentAttemptRow, PaymentNoticeRow, PaymentProofRow } from './tables';

/** The attempt a JazzCash transaction reference names. */
export function findPaymentAttempt(
  db: ReadModelsDb,
  args: { txnRef: string },
): PaymentAttemptRow | undefined {
  return db.first(db.qb.selectFrom('payment_attempts').selectAll().where('txn_ref', '=', args.txnRef));
}

/** Attempts still pending that began at or before `startedBefore`, oldest first. */
export function pendingPaymentAttempts(
  db: ReadModelsDb,
  args: { startedBefore: string; limit: number },
): PaymentAttemptRow[] {
  return db.all(
    db.qb
      .selectFrom('payment_attempts')
      .selectAll()
      .where('state', '=', 'pending')
      .where('started_at', '<=', args.startedBefore)
      .orderBy('started_at')
      .limit(args.limit),
  );
}

/** An order's attempts and proofs, oldest first. */
export function paymentsOfOrder(
  db: ReadModelsDb,
  args: { orderId: string },
): { attempts: PaymentAttemptRow[]; proofs: PaymentProofRow[] } {
  return {
    attempts: db.all(
      db.qb
        .selectFrom('payment_attempts')
        .selectAll()
        .where('order_id', '=', args.orderId)
        .orderBy('started_at')
        .orderBy('txn_ref'),
    ),
    proofs: db.all(
      db.qb
        .selectFrom('payment_proofs')
        .selectAll()
        .where('order_id', '=', args.orderId)
        .orderBy('submitted_at')
        .orderBy('id'),
    ),
  };
}

export function findPaymentProof(db: ReadModelsDb, args: { id: string }): PaymentProofRow | undefined {
  return db.first(db.qb.selectFrom('payment_proofs').selectAll().where('id', '=', args.id));
}

/** Proofs of one state (or all), newest first, at most `limit`. */
export function listPaymentProofs(
  db: ReadModelsDb,
  args: { state?: ProofState; limit: number },
): PaymentProofRow[] {
  let query = db.qb.selectFrom('payment_proofs').selectAll();
  if (args.state) query = query.where('state', '=', args.state);
  return db.all(query.orderBy('submitted_at', 'desc').orderBy('id', 'desc').limit(args.limit));
}

/** The other orders whose proofs carry the same transaction ID (by its key). */
export function ordersSharingTransaction(
  db: ReadModelsDb,
  args: { transactionKey: string; orderId: string },
): string[] {
  const rows = db.all(
    db.qb
      .selectFrom('payment_proofs')
      .select('order_id')
      .distinct()
      .where('transaction_key', '=', args.transactionKey)
      .where('order_id', '!=', args.orderId)
      .orderBy('order_id'),
  );
  return rows.map((row) => row.order_id);
}

/** The notices recorded that changed nothing, newest first. */
export function rejectedPaymentNotices(db: ReadModelsDb, args: { limit: number }): PaymentNoticeRow[] {
  return db.all(
    db.qb
      .selectFrom('payment_notices')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(args.limit),
  );
}
