import { type EventData, shopConfig, sizeOfVariant } from '@shop/contracts';
import { sql as expr } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { CatalogueProductsTable } from './tables';

/** The columns a product's own events set; rating, popularity and the flags are the projector's. */
const productColumnNames = [
  'name',
  'description',
  'search_text',
  'category',
  'category_key',
  'price',
  'original_price',
  'image',
  'thumbnail',
  'sizes',
  'count_in_stock',
  'stock_by_size',
  'options',
  'variants',
  'is_featured',
  'updated_at',
] as const satisfies readonly (keyof CatalogueProductsTable)[];
type ProductColumns = Pick<CatalogueProductsTable, (typeof productColumnNames)[number]>;

const sql = {
  insertProduct: prepareQuery<ProductColumns & { id: string; created_at: string }>((qb, arg) =>
    qb.insertInto('catalogue_products').values({
      id: arg('id'),
      ...argumentsFor(arg, productColumnNames),
      num_reviews: 0,
      rating: 0,
      sort_rating: shopConfig.defaultRating,
      popularity: 0,
      deleted: 0,
      created_at: arg('created_at'),
    }),
  ),
  updateProduct: prepareQuery<ProductColumns & { id: string }>((qb, arg) =>
    qb
      .updateTable('catalogue_products')
      .set(argumentsFor(arg, productColumnNames))
      .where('id', '=', arg('id')),
  ),
  markDeleted: prepareQuery<{ id: string }>((qb, arg) =>
    qb.updateTable('catalogue_products').set({ deleted: 1 }).where('id', '=', arg('id')),
  ),
  /** Units sold, so a chunk's orders of a product merge into one write. */
  addSold: prepareQuery<{ id: string; sold: number }>(
    (qb, arg) =>
      qb
        .updateTable('catalogue_products')
        .set((eb) => ({ popularity: eb('popularity', '+', arg('sold')) }))
        .where('id', '=', arg('id')),
    { addsUp: ['sold'] },
  ),
  /**
   * Units taken (negative) or given back to the variant a size picks out, to its size and to the
   * total, as the product aggregate's `moveStock` does: the size named (null: an event from before
   * stock per size, the first size; `''`: a product without sizes) moves the one variant of that size,
   * and nothing when there is none or several. A chunk's moves of one size merge into one write.
   */
  moveStock: prepareQuery<{ id: string; size: string | null; stock: number }>(
    (qb, arg) => {
      const unsized = expr<boolean>`${expr.ref('sizes')} = '[]'`;
      const size = expr<string>`coalesce(${arg('size')}, json_extract(${expr.ref('sizes')}, '$[0]'), '')`;
      const path = expr<string>`'$."' || ${size} || '"'`;
      const units = expr<number | null>`json_extract(${expr.ref('stock_by_size')}, ${path})`;
      const ofSize = (what: string) =>
        expr`(select ${expr.raw(what)} from json_each(catalogue_products.variants) where json_extract(value, '$.size') = ${size})`;
      const variantPath = expr<string>`'$[' || ${ofSize('key')} || '].stock'`;
      return qb
        .updateTable('catalogue_products')
        .set((eb) => ({
          count_in_stock: eb('count_in_stock', '+', arg('stock')),
          stock_by_size: expr<string>`case when ${unsized} then ${expr.ref('stock_by_size')} else json_set(${expr.ref('stock_by_size')}, ${path}, ${units} + ${arg('stock')}) end`,
          variants: expr<string>`json_set(${expr.ref('variants')}, ${variantPath}, json_extract(${expr.ref('variants')}, ${variantPath}) + ${arg('stock')})`,
        }))
        .where('id', '=', arg('id'))
        .where(expr<boolean>`${ofSize('count(*)')} = 1`);
    },
    { addsUp: ['stock'] },
  ),
  deleteSizes: prepareQuery<{ productId: string }>((qb, arg) =>
    qb.deleteFrom('catalogue_product_sizes').where('product_id', '=', arg('productId')),
  ),
  insertSize: prepareQuery<{ productId: string; size: string }>((qb, arg) =>
    qb.insertInto('catalogue_product_sizes').values({ size: arg('size'), product_id: arg('productId') }),
  ),
  insertReview: prepareQuery<{ reviewId: string; productId: string; rating: number }>((qb, arg) =>
    qb
      .insertInto('catalogue_reviews')
      .values({ review_id: arg('reviewId'), product_id: arg('productId'), rating: arg('rating') })
      .onConflict((c) => c.column('review_id').doNothing()),
  ),
  deleteReview: prepareQuery<{ reviewId: string }>((qb, arg) =>
    qb.deleteFrom('catalogue_reviews').where('review_id', '=', arg('reviewId')),
  ),
  ratingTotals: prepareQuery<{ productId: string }, { count: number; sum: number | null }>((qb, arg) =>
    qb
      .selectFrom('catalogue_reviews')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('rating').as('sum')])
      .where('product_id', '=', arg('productId')),
  ),
  setReviewRating: prepareQuery<{ reviewId: string; rating: number }>((qb, arg) =>
    qb
      .updateTable('catalogue_reviews')
      .set({ rating: arg('rating') })
      .where('review_id', '=', arg('reviewId')),
  ),
  findReview: prepareQuery<{ reviewId: string }, { product_id: string; rating: number }>((qb, arg) =>
    qb
      .selectFrom('catalogue_reviews')
      .select(['product_id', 'rating'])
      .where('review_id', '=', arg('reviewId')),
  ),
  /**
   * One review more (count 1) or less (count -1), or one review's rating changed (count 0, the
   * difference), in the average without recounting: the average
   * times the count gives back the integer sum exactly (its rounding error is far below 0.5), so the
   * new average is the same division a recount makes.
   */
  addRating: prepareQuery<{ id: string; count: number; rating: number }>((qb, arg) => {
    const average = expr<number>`(round(${expr.ref('rating')} * ${expr.ref('num_reviews')}) + ${arg('rating')}) * 1.0 / (${expr.ref('num_reviews')} + ${arg('count')})`;
    const none = expr<boolean>`${expr.ref('num_reviews')} + ${arg('count')} = 0`;
    return qb
      .updateTable('catalogue_products')
      .set((eb) => ({
        num_reviews: eb('num_reviews', '+', arg('count')),
        rating: expr<number>`case when ${none} then 0 else ${average} end`,
        sort_rating: expr<number>`case when ${none} then ${shopConfig.defaultRating} else ${average} end`,
      }))
      .where('id', '=', arg('id'));
  }),
  setRating: prepareQuery<{ id: string; count: number; rating: number; sortRating: number }>((qb, arg) =>
    qb
      .updateTable('catalogue_products')
      .set({ num_reviews: arg('count'), rating: arg('rating'), sort_rating: arg('sortRating') })
      .where('id', '=', arg('id')),
  ),
};

const on = {
  ProductCreated(e, db) {
    db.run(sql.insertProduct, { id: e.productId, ...productColumns(e), created_at: e.at });
    replaceSizes(db, e.productId, e.sizes);
    recomputeRating(db, e.productId);
  },
  ProductUpdated(e, db) {
    db.run(sql.updateProduct, { id: e.productId, ...productColumns(e) });
    replaceSizes(db, e.productId, e.sizes);
  },
  ProductDeleted(e, db) {
    db.run(sql.markDeleted, { id: e.productId });
  },
  StockReserved(e, db) {
    db.run(sql.moveStock, { id: e.productId, size: e.size, stock: -e.qty });
  },
  StockReleased(e, db) {
    db.run(sql.moveStock, { id: e.productId, size: e.size, stock: e.qty });
  },
  ReviewPosted(e, db) {
    // The rating counts verified reviews alone: a buyer's, of a line delivered and kept.
    if (!e.verified) return;
    const posted = { reviewId: e.reviewId, productId: e.productId, rating: e.rating };
    if (db.run(sql.insertReview, posted).changes === 1) {
      db.run(sql.addRating, { id: e.productId, count: 1, rating: e.rating });
    }
  },
  ReviewEdited(e, db) {
    const review = db.first(sql.findReview, { reviewId: e.reviewId });
    if (!review || review.rating === e.rating) return;
    db.run(sql.setReviewRating, { reviewId: e.reviewId, rating: e.rating });
    db.run(sql.addRating, { id: review.product_id, count: 0, rating: e.rating - review.rating });
  },
  ReviewDeleted(e, db) {
    const review = db.first(sql.findReview, { reviewId: e.reviewId });
    if (!review) return;
    db.run(sql.deleteReview, { reviewId: e.reviewId });
    db.run(sql.addRating, { id: review.product_id, count: -1, rating: -review.rating });
  },
  OrderPlaced(e, db) {
    for (const line of e.lines) {
      db.run(sql.addSold, { id: line.productId, sold: line.qty });
    }
  },
} satisfies EventHandlers;

/**
 * The catalogue read model: products with their stock (per size where they have sizes), rating (average of live verified reviews) and
 * popularity (units ordered). Data is parsed with its contract schema, so a malformed event stops
 * the projector with the reason instead of writing a wrong row.
 */
export const catalogueProjector = projectorOf({
  name: 'catalogue',
  tables: ['catalogue_products', 'catalogue_product_sizes', 'catalogue_reviews'],
  statements: sql,
  on,
});

function productColumns(e: EventData<'ProductCreated'> | EventData<'ProductUpdated'>): ProductColumns {
  return {
    name: e.name,
    description: e.description,
    search_text: `${e.name}\n${e.description}`.toLowerCase(),
    category: e.category,
    category_key: e.category.toLowerCase(),
    price: e.price,
    original_price: e.originalPrice ?? null,
    image: e.image,
    thumbnail: e.thumbnail,
    sizes: JSON.stringify(e.sizes),
    count_in_stock: e.countInStock,
    stock_by_size: JSON.stringify(e.stockBySize),
    options: JSON.stringify(e.options),
    variants: JSON.stringify(e.variants.map((variant) => ({ ...variant, size: sizeOfVariant(variant) }))),
    is_featured: e.isFeatured ? 1 : 0,
    updated_at: e.at,
  };
}

function replaceSizes(db: ReadModelsDb, productId: string, sizes: readonly string[]): void {
  db.run(sql.deleteSizes, { productId });
  for (const size of sizes) db.run(sql.insertSize, { productId, size });
}

/** Recounts from the live reviews: a product created after reviews of it were posted counts them. */
function recomputeRating(db: ReadModelsDb, productId: string): void {
  const totals = db.first(sql.ratingTotals, { productId });
  const count = totals?.count ?? 0;
  const rating = count === 0 ? 0 : (totals?.sum ?? 0) / count;
  db.run(sql.setRating, {
    id: productId,
    count,
    rating,
    sortRating: count === 0 ? shopConfig.defaultRating : rating,
  });
}
