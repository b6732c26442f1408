import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * A product keeps its options (JSON `[{name, values}]`) and variants (JSON `[{id, sku, options,
 * price, originalPrice, stock, size}]`). Products saved before options are upcast from the log, so the
 * catalogue read model is projected again from the start.
 */
export const catalogueVariants: Migration = {
  name: '033-catalogue-variants',
  up(db) {
    db.sqlite.exec(`ALTER TABLE catalogue_products ADD COLUMN options TEXT NOT NULL DEFAULT '[]'`);
    db.sqlite.exec(`ALTER TABLE catalogue_products ADD COLUMN variants TEXT NOT NULL DEFAULT '[]'`);
    replayProjector(db, 'catalogue', ['catalogue_products', 'catalogue_product_sizes', 'catalogue_reviews']);
  },
};
