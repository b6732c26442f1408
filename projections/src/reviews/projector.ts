import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { ReviewAuthorsTable, ReviewProductsTable, ReviewsTable } from './tables';

const sql = {
  insertReview: prepareQuery<Omit<ReviewsTable, 'updated_at'>>((qb, arg) =>
    qb
      .insertInto('reviews')
      .values(
        argumentsFor(arg, [
          'id',
          'product_id',
          'user_id',
          'rating',
          'comment',
          'created_at',
          'posted_position',
          'order_id',
          'line_id',
          'verified',
          'anonymous',
        ]),
      ),
  ),
  editReview: prepareQuery<Pick<ReviewsTable, 'id' | 'rating' | 'comment' | 'anonymous' | 'updated_at'>>(
    (qb, arg) =>
      qb
        .updateTable('reviews')
        .set(argumentsFor(arg, ['rating', 'comment', 'anonymous', 'updated_at']))
        .where('id', '=', arg('id')),
  ),
  deleteReview: prepareQuery<{ id: string }>((qb, arg) =>
    qb.deleteFrom('reviews').where('id', '=', arg('id')),
  ),
  insertAuthor: prepareQuery<ReviewAuthorsTable>((qb, arg) =>
    qb.insertInto('review_authors').values(argumentsFor(arg, ['user_id', 'name', 'email'])),
  ),
  updateAuthor: prepareQuery<ReviewAuthorsTable>((qb, arg) =>
    qb
      .updateTable('review_authors')
      .set(argumentsFor(arg, ['name', 'email']))
      .where('user_id', '=', arg('user_id')),
  ),
  insertProduct: prepareQuery<ReviewProductsTable>((qb, arg) =>
    qb.insertInto('review_products').values(argumentsFor(arg, ['product_id', 'name'])),
  ),
  renameProduct: prepareQuery<ReviewProductsTable>((qb, arg) =>
    qb
      .updateTable('review_products')
      .set({ name: arg('name') })
      .where('product_id', '=', arg('product_id')),
  ),
};

/** One handler per event type; the projector handles exactly these. */
const on = {
  ReviewPosted(e, db, event) {
    db.run(sql.insertReview, {
      id: e.reviewId,
      product_id: e.productId,
      user_id: e.userId,
      rating: e.rating,
      comment: e.comment,
      created_at: e.at,
      posted_position: event.position,
      order_id: e.orderId,
      line_id: e.lineId,
      verified: e.verified ? 1 : 0,
      anonymous: e.anonymous ? 1 : 0,
    });
  },
  ReviewEdited(e, db) {
    db.run(sql.editReview, {
      id: e.reviewId,
      rating: e.rating,
      comment: e.comment,
      anonymous: e.anonymous ? 1 : 0,
      updated_at: e.at,
    });
  },
  ReviewDeleted(e, db) {
    db.run(sql.deleteReview, { id: e.reviewId });
  },
  UserRegistered(e, db) {
    db.run(sql.insertAuthor, { user_id: e.userId, name: e.name, email: e.email });
  },
  UserProfileChanged(e, db) {
    db.run(sql.updateAuthor, { user_id: e.userId, name: e.name, email: e.email });
  },
  ProductCreated(e, db) {
    db.run(sql.insertProduct, { product_id: e.productId, name: e.name });
  },
  ProductUpdated(e, db) {
    db.run(sql.renameProduct, { product_id: e.productId, name: e.name });
  },
} satisfies EventHandlers;

/**
 * The reviews read model: live reviews, plus the author and product names the admin list shows,
 * kept here so this read model rebuilds on its own.
 */
export const reviewsProjector = projectorOf({
  name: 'reviews',
  tables: ['reviews', 'review_authors', 'review_products'],
  statements: sql,
  on,
});
