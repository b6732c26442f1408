import type { Migration } from '../database';

/**
 * Taking money online (decision 030): JazzCash attempts by their transaction reference (what a notice
 * names), proofs of manual transfers with the transaction ID's key (to flag one used on two orders),
 * and the notices that were recorded and changed nothing, for the admins to see.
 */
export const payments: Migration = {
  name: '036-payments',
  up(db) {
    db.sqlite.exec(`
      CREATE TABLE payment_attempts (
        txn_ref TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        amount INTEGER NOT NULL,
        state TEXT NOT NULL,
        code TEXT,
        message TEXT,
        via TEXT,
        started_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        settled_at TEXT
      );
      CREATE INDEX payment_attempts_by_order ON payment_attempts (order_id, started_at);
      CREATE INDEX payment_attempts_pending ON payment_attempts (state, started_at);
      CREATE TABLE payment_proofs (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        transaction_key TEXT NOT NULL,
        image TEXT NOT NULL,
        amount INTEGER NOT NULL,
        state TEXT NOT NULL,
        reason TEXT,
        submitted_at TEXT NOT NULL,
        decided_at TEXT,
        decided_by TEXT
      );
      CREATE INDEX payment_proofs_by_order ON payment_proofs (order_id, submitted_at);
      CREATE INDEX payment_proofs_by_state ON payment_proofs (state, submitted_at);
      CREATE INDEX payment_proofs_by_transaction ON payment_proofs (transaction_key);
      CREATE TABLE payment_notices (
        id TEXT PRIMARY KEY,
        order_id TEXT,
        txn_ref TEXT,
        via TEXT NOT NULL,
        reason TEXT NOT NULL,
        code TEXT,
        amount INTEGER,
        at TEXT NOT NULL
      );
      CREATE INDEX payment_notices_by_time ON payment_notices (at);
    `);
  },
};
