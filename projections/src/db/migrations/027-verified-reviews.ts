import { shopConfig } from '@shop/contracts';
import type { Migration } from '../database';

/**
 * Reviews come from buyers (decision 027): each names its order line, whether it is verified and
 * whether its author stays anonymous, and its author may edit it. Every review in the read model
 * before this migration was posted under the old rule, so the defaults (no line, not verified,
 * anonymous) are exactly what a rebuild gives; and since a product's rating counts verified reviews
 * alone, the catalogue's ratings start again from none, as a rebuild would have them.
 */
export const verifiedReviews: Migration = {
  name: '027-verified-reviews',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE reviews ADD COLUMN order_id TEXT;
      ALTER TABLE reviews ADD COLUMN line_id TEXT;
      ALTER TABLE reviews ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE reviews ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE reviews ADD COLUMN updated_at TEXT;
      DELETE FROM catalogue_reviews;
    `);
    db.sqlite
      .prepare('UPDATE catalogue_products SET num_reviews = 0, rating = 0, sort_rating = ?')
      .run(shopConfig.defaultRating);
  },
};
