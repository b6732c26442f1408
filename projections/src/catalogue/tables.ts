import type { Selectable } from 'kysely';

/**
 * One row per product ever created; deleted products keep their row (flagged) so an order can still
 * name what it sold, and every catalogue query leaves them out. Money in minor units.
 */
export interface CatalogueProductsTable {
  id: string;
  name: string;
  description: string;
  /** Name and description lower-cased (Unicode-aware, in JS), for the case-insensitive search. */
  search_text: string;
  category: string;
  /** Lower-cased category: filters and counts ignore the admin's capitalisation. */
  category_key: string;
  price: number;
  original_price: number | null;
  image: string;
  thumbnail: string;
  /** JSON array of sizes, in the order the admin chose them. */
  sizes: string;
  /** Units for sale; the sum of `stock_by_size` when the product has sizes. */
  count_in_stock: number;
  /** JSON object of units per size (`{"SM": 3}`), `{}` for a product without sizes. */
  stock_by_size: string;
  /** JSON array of the product's options, `[{name, values}]`. */
  options: string;
  /**
   * JSON array of its variants, `[{id, sku, options, price, originalPrice, stock, size}]`, money in
   * minor units; `size` is the variant's Size value (`''` without one), for the stock moves.
   */
  variants: string;
  num_reviews: number;
  /** Average of the live verified reviews; 0 when there are none. */
  rating: number;
  /** What the Featured sort ranks by: the rating a shopper sees (the default 4 without reviews). */
  sort_rating: number;
  /** Units ordered. */
  popularity: number;
  is_featured: number;
  deleted: number;
  created_at: string;
  updated_at: string;
}

/** Which sizes each product offers, so the size filter is an indexed lookup. */
export interface CatalogueProductSizesTable {
  size: string;
  product_id: string;
}

/** Each live verified review's rating, so deleting one recomputes the average exactly. */
export interface CatalogueReviewsTable {
  review_id: string;
  product_id: string;
  rating: number;
}

export type CatalogueProductRow = Selectable<CatalogueProductsTable>;
