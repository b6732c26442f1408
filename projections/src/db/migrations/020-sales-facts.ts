import type { Migration } from '../database';

/**
 * The sales facts read model: one row per order line and per refunded line, with a report's dimensions.
 * Reports read the daily sums (migration 021); the facts are what a cancellation or a refund looks up.
 */
export const salesFacts: Migration = {
  name: '020-sales-facts',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('sales_facts')
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('is_sale', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('affiliate', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('units', 'integer', (c) => c.notNull())
        .addColumn('gross', 'integer', (c) => c.notNull())
        .addColumn('discount', 'integer', (c) => c.notNull())
        .addColumn('refund', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sales_facts_pk', ['order_id', 'ref']),
    );
  },
};
