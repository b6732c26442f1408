import type { AdminReview, PublicReview } from '@shop/contracts';
import type { ReadModelsDb } from '../database';

/** A product's reviews as the public sees them, newest first: never who wrote them. */
export function listPublicReviews(db: ReadModelsDb, args: { productId: string }): PublicReview[] {
  return db
    .all(
      db.qb
        .selectFrom('reviews')
        .select(['id', 'product_id', 'rating', 'comment', 'created_at'])
        .where('product_id', '=', args.productId)
        .orderBy('created_at', 'desc')
        .orderBy('posted_position', 'desc'),
    )
    .map((row) => ({
      id: row.id,
      productId: row.product_id,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.created_at,
      author: 'Anonymous',
    }));
}

/** Every live review with its author and product name, newest first, for the admin. */
export function listAdminReviews(db: ReadModelsDb): AdminReview[] {
  return db
    .all(
      db.qb
        .selectFrom('reviews')
        .leftJoin('review_authors', 'review_authors.user_id', 'reviews.user_id')
        .leftJoin('review_products', 'review_products.product_id', 'reviews.product_id')
        .select([
          'reviews.id',
          'reviews.product_id',
          'reviews.rating',
          'reviews.comment',
          'reviews.created_at',
          'review_authors.name as author_name',
          'review_authors.email as author_email',
          'review_products.name as product_name',
        ])
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.posted_position', 'desc'),
    )
    .map((row) => ({
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.created_at,
      User:
        row.author_name !== null && row.author_email !== null
          ? { name: row.author_name, email: row.author_email }
          : null,
    }));
}

/** How many live reviews a user has written (affiliates need at least one). */
export function countReviewsByUser(db: ReadModelsDb, args: { userId: string }): number {
  const row = db.first(
    db.qb
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', args.userId),
  );
  return row?.count ?? 0;
}
