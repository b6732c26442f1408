import { type EventData, type EventType, shopConfig } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import type { Projector } from '../projector';

const handles = [
  'ProductCreated',
  'ProductUpdated',
  'ProductDeleted',
  'StockReserved',
  'StockReleased',
  'ReviewPosted',
  'ReviewDeleted',
  'OrderPlaced',
] as const satisfies readonly EventType[];

/**
 * The catalogue read model: products with their stock, rating (average of live reviews) and
 * popularity (units ordered). Data is parsed with its contract schema, so a malformed event stops
 * the projector with the reason instead of writing a wrong row.
 */
export const catalogueProjector: Projector = {
  name: 'catalogue',
  tables: ['catalogue_products', 'catalogue_product_sizes', 'catalogue_reviews'],
  handles,
  apply(event, db) {
    switch (event.type as (typeof handles)[number]) {
      case 'ProductCreated': {
        const e = dataOf(event, 'ProductCreated');
        db.run(
          db.qb.insertInto('catalogue_products').values({
            id: e.productId,
            ...productColumns(e),
            num_reviews: 0,
            rating: 0,
            sort_rating: shopConfig.defaultRating,
            popularity: 0,
            deleted: 0,
            created_at: e.at,
          }),
        );
        replaceSizes(db, e.productId, e.sizes);
        recomputeRating(db, e.productId);
        return;
      }
      case 'ProductUpdated': {
        const e = dataOf(event, 'ProductUpdated');
        db.run(db.qb.updateTable('catalogue_products').set(productColumns(e)).where('id', '=', e.productId));
        replaceSizes(db, e.productId, e.sizes);
        return;
      }
      case 'ProductDeleted': {
        const e = dataOf(event, 'ProductDeleted');
        db.run(db.qb.updateTable('catalogue_products').set({ deleted: 1 }).where('id', '=', e.productId));
        return;
      }
      case 'StockReserved': {
        const e = dataOf(event, 'StockReserved');
        addStock(db, e.productId, -e.qty);
        return;
      }
      case 'StockReleased': {
        const e = dataOf(event, 'StockReleased');
        addStock(db, e.productId, e.qty);
        return;
      }
      case 'ReviewPosted': {
        const e = dataOf(event, 'ReviewPosted');
        db.run(
          db.qb
            .insertInto('catalogue_reviews')
            .values({ review_id: e.reviewId, product_id: e.productId, rating: e.rating })
            .onConflict((c) => c.column('review_id').doNothing()),
        );
        recomputeRating(db, e.productId);
        return;
      }
      case 'ReviewDeleted': {
        const e = dataOf(event, 'ReviewDeleted');
        db.run(db.qb.deleteFrom('catalogue_reviews').where('review_id', '=', e.reviewId));
        recomputeRating(db, e.productId);
        return;
      }
      case 'OrderPlaced': {
        const e = dataOf(event, 'OrderPlaced');
        for (const line of e.lines) {
          db.run(
            db.qb
              .updateTable('catalogue_products')
              .set((eb) => ({ popularity: eb('popularity', '+', line.qty) }))
              .where('id', '=', line.productId),
          );
        }
        return;
      }
      default:
        throw new Error(`The catalogue projector does not handle ${event.type}`);
    }
  },
};

function productColumns(e: EventData<'ProductCreated'> | EventData<'ProductUpdated'>) {
  return {
    name: e.name,
    description: e.description,
    search_text: `${e.name}\n${e.description}`.toLowerCase(),
    category: e.category,
    category_key: e.category.toLowerCase(),
    price: e.price,
    original_price: e.originalPrice,
    image: e.image,
    thumbnail: e.thumbnail,
    sizes: JSON.stringify(e.sizes),
    count_in_stock: e.countInStock,
    is_featured: e.isFeatured ? 1 : 0,
    updated_at: e.at,
  };
}

function replaceSizes(db: ReadModelsDb, productId: string, sizes: readonly string[]): void {
  db.run(db.qb.deleteFrom('catalogue_product_sizes').where('product_id', '=', productId));
  if (sizes.length === 0) return;
  db.run(
    db.qb
      .insertInto('catalogue_product_sizes')
      .values(sizes.map((size) => ({ size, product_id: productId }))),
  );
}

function addStock(db: ReadModelsDb, productId: string, delta: number): void {
  db.run(
    db.qb
      .updateTable('catalogue_products')
      .set((eb) => ({ count_in_stock: eb('count_in_stock', '+', delta) }))
      .where('id', '=', productId),
  );
}

/** Recounts from the live reviews, so a deletion leaves exactly the average of those that remain. */
function recomputeRating(db: ReadModelsDb, productId: string): void {
  const totals = db.first(
    db.qb
      .selectFrom('catalogue_reviews')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('rating').as('sum')])
      .where('product_id', '=', productId),
  );
  const count = totals?.count ?? 0;
  const rating = count === 0 ? 0 : (totals?.sum ?? 0) / count;
  db.run(
    db.qb
      .updateTable('catalogue_products')
      .set({ num_reviews: count, rating, sort_rating: count === 0 ? shopConfig.defaultRating : rating })
      .where('id', '=', productId),
  );
}
