import type { AdminReview, PublicReview } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import {
  countRows,
  type KeysetOrder,
  type KeysetPage,
  type ListQuery,
  type PageStart,
  type Position,
  readInChunks,
  readPage,
} from '../db/paging';

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

/** Newest first; reviews posted in the same instant by their place in the log. */
const NEWEST_FIRST: KeysetOrder = {
  key: 'reviews.created_at',
  keyDirection: 'desc',
  tie: 'reviews.posted_position',
  tieDirection: 'desc',
};

const positionOf = (row: AdminReviewRow): Position => ({ key: row.created_at, tie: row.posted_position });

/** Live reviews with their author and product name, one product's when given. */
function adminReviews(db: ReadModelsDb, productId: string | undefined) {
  const query = db.qb
    .selectFrom('reviews')
    .leftJoin('review_authors', 'review_authors.user_id', 'reviews.user_id')
    .leftJoin('review_products', 'review_products.product_id', 'reviews.product_id')
    .select([
      'reviews.id',
      'reviews.product_id',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
      'reviews.posted_position',
      'review_authors.name as author_name',
      'review_authors.email as author_email',
      'review_products.name as product_name',
    ]);
  return productId === undefined ? query : query.where('reviews.product_id', '=', productId);
}

type AdminReviewRow = ReturnType<typeof adminReviews> extends ListQuery<infer Row> ? Row : never;

/** One page of the admin's reviews, newest first, and how many there are in all. */
export function adminReviewPage(
  db: ReadModelsDb,
  args: { productId?: string | undefined; start: PageStart; limit: number },
): KeysetPage<AdminReview> & { total: number } {
  const matching = adminReviews(db, args.productId);
  const page = readPage(db, matching, {
    order: NEWEST_FIRST,
    positionOf,
    start: args.start,
    limit: args.limit,
  });
  // Counted without the joins, which match at most one row each: an index of reviews answers it.
  let counted = db.qb.selectFrom('reviews').select('reviews.id');
  if (args.productId !== undefined) counted = counted.where('reviews.product_id', '=', args.productId);
  return { ...page, rows: page.rows.map(toAdminReview), total: countRows(db, counted) };
}

/** Every live review, newest first, a chunk at a time: `GET /api/admin/reviews`, streamed. */
export function* allAdminReviewsInChunks(db: ReadModelsDb, size = 500): Generator<AdminReview[]> {
  for (const rows of readInChunks(db, adminReviews(db, undefined), {
    order: NEWEST_FIRST,
    positionOf,
    size,
  })) {
    yield rows.map(toAdminReview);
  }
}

/** Every live review with its author and product name, newest first, at once (tests). */
export function listAdminReviews(db: ReadModelsDb): AdminReview[] {
  return [...allAdminReviewsInChunks(db)].flat();
}

function toAdminReview(row: AdminReviewRow): AdminReview {
  return {
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
  };
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
