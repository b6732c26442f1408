import type { Migration } from '../database';

/**
 * Returns and the money that follows them: the returns read model (one row per return, its lines and
 * the statuses it reached as JSON), the refunds each day's sales are net of, and what refunds took off
 * each referred order's commission. Logs before returns existed have none: every new column starts at 0.
 */
export const returnsAndRefunds: Migration = {
  name: '019-returns-and-refunds',
  up(db) {
    db.sqlite.exec(`
      CREATE TABLE order_returns (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT NOT NULL,
        items TEXT NOT NULL,
        amount INTEGER NOT NULL,
        requested_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        refunded_at TEXT,
        history TEXT NOT NULL
      );
      CREATE INDEX order_returns_by_order ON order_returns (order_id, requested_at);
      CREATE INDEX order_returns_by_requested ON order_returns (requested_at DESC, id DESC);
      CREATE INDEX order_returns_by_status ON order_returns (status, requested_at DESC, id DESC);
      ALTER TABLE metrics_daily_sales ADD COLUMN refunds INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE affiliate_referrals ADD COLUMN refunded INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE affiliate_referrals ADD COLUMN reversed_commission INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
