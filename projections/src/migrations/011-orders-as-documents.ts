import type { Migration } from '../migrate';

/**
 * Each order is one row with its lines and its status changes in it, as JSON arrays (`lines`,
 * `changes`): the order page and the lists read an order whole, and the projector then writes one
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
          SELECT json_group_array(json_object(
            'id', id, 'line_no', line_no, 'product_id', product_id, 'name', name, 'image', image,
            'category', category, 'unit_price', unit_price, 'qty', qty, 'size', size
          ) ORDER BY line_no)
          FROM order_items WHERE order_id = orders.id
        ), '[]'),
        changes = coalesce((
          SELECT json_group_array(json_object(
            'seq', seq, 'from_status', from_status, 'to_status', to_status, 'by_user_id', by_user_id, 'at', at
          ) ORDER BY seq)
          FROM order_status_changes WHERE order_id = orders.id
        ), '[]');
      DROP TABLE order_items;
      DROP TABLE order_status_changes;
      CREATE VIEW order_items AS
        SELECT line.value ->> 'id' AS id, orders.id AS order_id, line.value ->> 'line_no' AS line_no,
          line.value ->> 'product_id' AS product_id, line.value ->> 'name' AS name,
          line.value ->> 'image' AS image, line.value ->> 'category' AS category,
          line.value ->> 'unit_price' AS unit_price, line.value ->> 'qty' AS qty, line.value ->> 'size' AS size
        FROM orders, json_each(orders.lines) AS line;
      CREATE VIEW order_status_changes AS
        SELECT orders.id AS order_id, change.value ->> 'seq' AS seq,
          change.value ->> 'from_status' AS from_status, change.value ->> 'to_status' AS to_status,
          change.value ->> 'by_user_id' AS by_user_id, change.value ->> 'at' AS at
        FROM orders, json_each(orders.changes) AS change;
    `);
  },
};
