import type { Migration } from '../database';

/** The orders read model: orders, their lines, their status history and open stock reservations. */
export const orders: Migration = {
  name: '005-orders',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('is_paid', 'integer', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .addColumn('is_delivered', 'integer', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('ship_full_name', 'text', (c) => c.notNull())
        .addColumn('ship_address', 'text', (c) => c.notNull())
        .addColumn('ship_city', 'text', (c) => c.notNull())
        .addColumn('ship_postal_code', 'text', (c) => c.notNull())
        .addColumn('ship_country', 'text', (c) => c.notNull())
        .addColumn('ship_phone', 'text', (c) => c.notNull())
        .addColumn('items_price', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('shipping_price', 'integer', (c) => c.notNull())
        .addColumn('total_price', 'integer', (c) => c.notNull())
        .addColumn('affiliate_code', 'text')
        .addColumn('affiliate_user_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    db.run(schema.createIndex('orders_by_user').on('orders').columns(['user_id', 'created_at desc']));
    db.run(schema.createIndex('orders_by_created').on('orders').columns(['created_at desc', 'id']));

    db.run(
      schema
        .createTable('order_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('size', 'text', (c) => c.notNull()),
    );
    db.run(schema.createIndex('order_items_by_order').on('order_items').columns(['order_id', 'line_no']));

    db.run(
      schema
        .createTable('order_status_changes')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('from_status', 'text', (c) => c.notNull())
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('by_user_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_status_changes_pk', ['order_id', 'seq']),
    );

    db.run(
      schema
        .createTable('open_reservations')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('reserved_at', 'text', (c) => c.notNull())
        .addColumn('order_state', 'text', (c) => c.notNull())
        .addColumn('state_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('open_reservations_pk', ['order_id', 'product_id']),
    );
    db.run(
      schema
        .createIndex('open_reservations_by_state')
        .on('open_reservations')
        .columns(['order_state', 'state_at']),
    );
  },
};
