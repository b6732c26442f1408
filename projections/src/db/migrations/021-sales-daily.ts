import type { Migration } from '../database';

/**
 * Sales summed per day and per key of each dimension, kept beside the facts: a year's report reads at
 * most a row per day and key instead of every order line of the year.
 */
export const salesDaily: Migration = {
  name: '021-sales-daily',
  up(db) {
    db.run(
      db.qb.schema
        .createTable('sales_daily')
        .addColumn('dimension', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        .addColumn('gross', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('refund', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sales_daily_pk', ['dimension', 'day', 'key']),
    );
  },
};
