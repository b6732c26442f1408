import type { Migration } from '../database';

/**
 * The catalogue read model. Every index leads with `deleted` (always queried as 0), then the order
 * of one sort, so a page of the shopping grid walks an index instead of sorting ten thousand rows.
 */
export const catalogue: Migration = {
  name: '002-catalogue',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('catalogue_products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('category_key', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('original_price', 'integer')
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('sizes', 'text', (c) => c.notNull())
        .addColumn('count_in_stock', 'integer', (c) => c.notNull())
        .addColumn('num_reviews', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_rating', 'real', (c) => c.notNull())
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_featured', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull()),
    );
    const index = (name: string, columns: string[]) =>
      db.run(
        schema
          .createIndex(name)
          .on('catalogue_products')
          .columns(['deleted', ...columns]),
      );
    index('catalogue_by_featured', ['is_featured desc', 'sort_rating desc', 'created_at desc', 'id']);
    index('catalogue_by_popularity', ['popularity desc', 'created_at desc', 'id']);
    index('catalogue_by_newest', ['created_at desc', 'id']);
    index('catalogue_by_price', ['price', 'id']);
    index('catalogue_by_category', ['category_key', 'price']);

    db.run(
      schema
        .createTable('catalogue_product_sizes')
        .addColumn('size', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('catalogue_product_sizes_pk', ['size', 'product_id']),
    );
    db.run(
      schema
        .createIndex('catalogue_product_sizes_by_product')
        .on('catalogue_product_sizes')
        .column('product_id'),
    );

    db.run(
      schema
        .createTable('catalogue_reviews')
        .addColumn('review_id', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull()),
    );
    db.run(schema.createIndex('catalogue_reviews_by_product').on('catalogue_reviews').column('product_id'));
  },
};
