import type { Migration } from '../database';

/**
 * Cash on delivery that does not bleed (decision 023), on the orders read model: each order's
 * confirmation (a COD order awaits one from its start, as a rebuild from the log would have it; the
 * others need none), whether its reminder went out, the parcels refused at the door with the account
 * and phone they count against, and the admins' lifts of the refusal limit.
 */
export const cashOnDelivery: Migration = {
  name: '022-cash-on-delivery',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE orders ADD COLUMN confirmation_state TEXT NOT NULL DEFAULT 'not-needed';
      ALTER TABLE orders ADD COLUMN confirmation_at TEXT;
      ALTER TABLE orders ADD COLUMN confirmation_by TEXT;
      ALTER TABLE orders ADD COLUMN confirmation_channel TEXT;
      ALTER TABLE orders ADD COLUMN confirmation_note TEXT;
      ALTER TABLE orders ADD COLUMN confirmation_reminded INTEGER NOT NULL DEFAULT 0;
      UPDATE orders SET confirmation_state = 'awaiting' WHERE payment_method = 'COD';
      CREATE INDEX orders_by_confirmation ON orders (confirmation_state, created_at);
      CREATE TABLE cod_refusals (
        order_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        phone_key TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX cod_refusals_by_user ON cod_refusals (user_id);
      CREATE INDEX cod_refusals_by_phone ON cod_refusals (phone_key);
      CREATE TABLE cod_limit_lifts (
        user_id TEXT PRIMARY KEY,
        refusals INTEGER NOT NULL,
        at TEXT NOT NULL
      );
    `);
  },
};
