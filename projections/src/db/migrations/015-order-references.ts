import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * Every order has a short `reference` (`AX-7K3M9Q`) that tracking, the order page and the admin's
 * search find it by. Orders placed before references existed get theirs from the log (an upcaster
 * derives it from the id), so the orders read model is projected again from the start.
 */
export const orderReferences: Migration = {
  name: '015-order-references',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE orders ADD COLUMN reference TEXT NOT NULL DEFAULT '';
      CREATE INDEX orders_by_reference ON orders (reference);
    `);
    replayProjector(db, 'orders', ['orders', 'open_reservations', 'order_counts']);
  },
};
