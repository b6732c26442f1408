import type { Migration } from '../database';

/** The dashboard read model: counters, sales per shop-time-zone day, and each order's day and total. */
export const metrics: Migration = {
  name: '007-metrics',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('metrics_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull()),
    );
    db.run(
      schema
        .createTable('metrics_daily_sales')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull()),
    );
    db.run(
      schema
        .createTable('metrics_orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('total_price', 'integer', (c) => c.notNull()),
    );
  },
};
