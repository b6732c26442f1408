import type { Migration } from '../database';

/**
 * A covering index for the shopping page's filters: the total and the per-category counts of
 * GET /api/catalogue read (category, price, id) for every matching product, and without it SQLite looked
 * each of them up in the table (10,000 lookups per call for the category counts). With `category` at the
 * end, min(category) is answered from the index too. See docs/decisions/008-performance.md.
 */
export const catalogueFilterIndex: Migration = {
  name: '008-catalogue-filter-index',
  up(db) {
    db.run(
      db.qb.schema
        .createIndex('catalogue_by_filters')
        .on('catalogue_products')
        .columns(['deleted', 'category_key', 'price', 'id', 'category']),
    );
  },
};
