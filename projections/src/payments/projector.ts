import { type EventHandlers, projectorOf } from '../runner/projector';

/** Two spellings of one transaction ID (case, spaces, dashes) are the same transfer. */
export const transactionKey = (transactionId: string) =>
  transactionId.toUpperCase().replace(/[^A-Z0-9]/g, '');

const on = {
  PaymentStarted(e, db) {
    db.run(
      db.qb.insertInto('payment_attempts').values({
        txn_ref: e.txnRef,
        order_id: e.orderId,
        user_id: e.userId,
        amount: e.amount,
        state: 'pending',
        code: null,
        message: null,
        via: null,
        started_at: e.at,
        expires_at: e.expiresAt,
        settled_at: null,
      }),
    );
  },
  PaymentSucceeded(e, db) {
    db.run(
      db.qb
        .updateTable('payment_attempts')
        .set({ state: 'succeeded', code: '000', message: null, via: e.via, settled_at: e.at })
        .where('txn_ref', '=', e.txnRef),
    );
  },
  PaymentFailed(e, db) {
    db.run(
      db.qb
        .updateTable('payment_attempts')
        .set({ state: 'failed', code: e.code, message: e.message, via: e.via, settled_at: e.at })
        .where('txn_ref', '=', e.txnRef),
    );
  },
  PaymentNoticeRejected(e, db) {
    db.run(
      db.qb.insertInto('payment_notices').values({
        id: e.noticeId,
        order_id: e.orderId,
        txn_ref: e.txnRef,
        via: e.via,
        reason: e.reason,
        code: e.code,
        amount: e.amount,
        at: e.at,
      }),
    );
  },
  PaymentProofSubmitted(e, db) {
    db.run(
      db.qb.insertInto('payment_proofs').values({
        id: e.proofId,
        order_id: e.orderId,
        user_id: e.userId,
        transaction_id: e.transactionId,
        transaction_key: transactionKey(e.transactionId),
        image: e.image,
        amount: e.amount,
        state: 'submitted',
        reason: null,
        submitted_at: e.at,
        decided_at: null,
        decided_by: null,
      }),
    );
  },
  PaymentProofAccepted(e, db) {
    db.run(
      db.qb
        .updateTable('payment_proofs')
        .set({ state: 'accepted', decided_at: e.at, decided_by: e.by })
        .where('id', '=', e.proofId),
    );
  },
  PaymentProofRejected(e, db) {
    db.run(
      db.qb
        .updateTable('payment_proofs')
        .set({ state: 'rejected', reason: e.reason, decided_at: e.at, decided_by: e.by })
        .where('id', '=', e.proofId),
    );
  },
} satisfies EventHandlers;

/** The payments read model: JazzCash attempts, proofs of transfers, and the notices that changed nothing. */
export const paymentsProjector = projectorOf({
  name: 'payments',
  tables: ['payment_attempts', 'payment_proofs', 'payment_notices'],
  on,
});
