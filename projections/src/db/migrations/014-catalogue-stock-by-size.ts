import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * A product with sizes keeps a count per size (`stock_by_size`, JSON `{"SM": 3}`). Only the log knows
 * them (products saved before keep their count on their first size, decision 018), so the catalogue
 * read model is projected again from the start.
 */
export const catalogueStockBySize: Migration = {
  name: '014-catalogue-stock-by-size',
  up(db) {
    db.sqlite.exec(`ALTER TABLE catalogue_products ADD COLUMN stock_by_size TEXT NOT NULL DEFAULT '{}'`);
    replayProjector(db, 'catalogue', ['catalogue_products', 'catalogue_product_sizes', 'catalogue_reviews']);
  },
};
