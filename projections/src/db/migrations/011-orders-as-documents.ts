import type { Migration } from '../database';

/**
 * Each order is one row with its lines and its status changes in it, as JSON arrays of arrays
 * (`lines`: [id, product_id, name, image, category, unit_price, qty, size] in line order; `changes`:
 * [seq, from_status, to_status, by_user_id, at] oldest first; positional, so a row stays small): the order page and the lists read an order whole, and the projector then writes one
 * row where it wrote one per line and one per change (decision 013). `order_items` and
 * `order_status_changes` become views over those arrays, with the columns the tables had, so every
 * query reads them as before. The rows the tables held move into the arrays.
 */
export const ordersAsDocuments: Migration = {
  name: '011-orders-as-documents',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE orders ADD COLUMN lines TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE orders ADD COLUMN changes TEXT NOT NULL DEFAULT '[]';
      UPDATE orders SET
        lines = coalesce((
          SELECT json_group_array(
            json_array(id, product_id, name, image, category, unit_price, qty, size) ORDER BY line_no
          )
          FROM order_items WHERE order_id = orders.id
        ), '[]'),
        changes = coalesce((
          SELECT json_group_array(json_array(seq, from_status, to_status, by_user_id, at) ORDER BY seq)
          FROM order_status_changes WHERE order_id = orders.id
        ), '[]');
      DROP TABLE order_items;
      DROP TABLE order_status_changes;
      CREATE VIEW order_items AS
        SELECT line.value ->> 0 AS id, orders.id AS order_id, line.key AS line_no,
          line.value ->> 1 AS product_id, line.value ->> 2 AS name, line.value ->> 3 AS image,
          line.value ->> 4 AS category, line.value ->> 5 AS unit_price, line.value ->> 6 AS qty,
          line.value ->> 7 AS size
        FROM orders, json_each(orders.lines) AS line;
      CREATE VIEW order_status_changes AS
        SELECT orders.id AS order_id, change.value ->> 0 AS seq, change.value ->> 1 AS from_status,
          change.value ->> 2 AS to_status, change.value ->> 3 AS by_user_id, change.value ->> 4 AS at
        FROM orders, json_each(orders.changes) AS change;
    `);
  },
};
