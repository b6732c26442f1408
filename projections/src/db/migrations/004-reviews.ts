import type { Migration } from '../database';

/** The reviews read model: live reviews and the names the admin list shows beside them. */
export const reviews: Migration = {
  name: '004-reviews',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('posted_position', 'integer', (c) => c.notNull()),
    );
    db.run(
      schema
        .createIndex('reviews_by_product')
        .on('reviews')
        .columns(['product_id', 'created_at', 'posted_position']),
    );
    db.run(schema.createIndex('reviews_by_date').on('reviews').columns(['created_at', 'posted_position']));
    db.run(schema.createIndex('reviews_by_user').on('reviews').column('user_id'));
    db.run(
      schema
        .createTable('review_authors')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull()),
    );
    db.run(
      schema
        .createTable('review_products')
        .addColumn('product_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull()),
    );
  },
};
