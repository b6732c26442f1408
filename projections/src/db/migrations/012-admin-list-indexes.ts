import { phoneKey } from '@shop/contracts';
import { calendarDay } from '../../metrics/days';
import type { Migration } from '../database';

/**
 * What the admin's paged lists read by (docs/decisions/017-paged-admin-lists.md):
 * - orders: the shipping phone reduced to one form (`phone_key`, contracts' `phoneKey`), and indexes
 *   for each sort (newest and oldest walk `orders_by_created`), for the status filter under each, for a
 *   phone, and for the last 8 characters of an id, which is what the lists show of it;
 * - `order_counts`: how many orders stand in each (day placed, status, payment method, paid,
 *   delivered), so the total of any filtered list is a sum over at most a few rows a day instead of a
 *   count of the orders;
 * - affiliate requests by status, newest first.
 * Existing rows are filled from the orders table, which the same projector wrote.
 */
export const adminListIndexes: Migration = {
  name: '012-admin-list-indexes',
  up(db) {
    const { schema } = db.qb;
    db.sqlite.function('migration_012_phone_key', { deterministic: true }, (phone) =>
      phoneKey(String(phone)),
    );
    db.sqlite.function('migration_012_day', { deterministic: true }, (at) => calendarDay(String(at)));
    db.sqlite.exec(`
      ALTER TABLE orders ADD COLUMN phone_key TEXT NOT NULL DEFAULT '';
      UPDATE orders SET phone_key = migration_012_phone_key(ship_phone);
    `);
    const index = (name: string, columns: string[]) =>
      db.run(schema.createIndex(name).on('orders').columns(columns));
    index('orders_by_status', ['status', 'created_at desc', 'id']);
    index('orders_by_total', ['total_price desc', 'id']);
    index('orders_by_status_total', ['status', 'total_price desc', 'id']);
    index('orders_by_phone', ['phone_key']);
    db.sqlite.exec('CREATE INDEX orders_by_id_tail ON orders (substr(id, -8))');

    db.sqlite.exec(`
      CREATE TABLE order_counts (
        day TEXT NOT NULL,
        status TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        is_paid INTEGER NOT NULL,
        is_delivered INTEGER NOT NULL,
        orders INTEGER NOT NULL,
        PRIMARY KEY (day, status, payment_method, is_paid, is_delivered)
      ) WITHOUT ROWID;
      INSERT INTO order_counts (day, status, payment_method, is_paid, is_delivered, orders)
        SELECT migration_012_day(created_at), status, payment_method, is_paid, is_delivered, count(*)
        FROM orders GROUP BY 1, 2, 3, 4, 5;
    `);
    db.run(
      schema
        .createIndex('affiliate_requests_by_status')
        .on('affiliate_requests')
        .columns(['status', 'created_at', 'id']),
    );
  },
};
