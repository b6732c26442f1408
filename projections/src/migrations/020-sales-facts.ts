import type { Migration } from '../database';

/** The sales facts read model: one row per order line and per refunded line, with a report's dimensions. */
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
    // A report reads a range of days; the index carries every column a report sums or groups by, so
    // a year's report never touches the table itself.
    db.run(
      schema
        .createIndex('sales_facts_by_day')
        .on('sales_facts')
        .columns([
          'day',
          'is_sale',
          'order_id',
          'week',
          'product_id',
          'category',
          'affiliate',
          'city',
          'payment_method',
          'units',
          'gross',
          'discount',
          'refund',
        ]),
    );
  },
};
