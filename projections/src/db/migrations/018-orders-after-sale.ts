import type { Migration } from '../database';

/**
 * After the sale, on the orders read model: the shopper's delivery note on each order (null for the
 * orders placed before it existed, as for those placed without one), and the admins' notes, one row
 * per note in the order of the log (`seq` is the event's position).
 */
export const ordersAfterSale: Migration = {
  name: '018-orders-after-sale',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE orders ADD COLUMN delivery_note TEXT;
      CREATE TABLE order_notes (
        order_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        note_id TEXT NOT NULL,
        text TEXT NOT NULL,
        by_user_id TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (order_id, seq)
      );
    `);
  },
};
