import { type AdminReview, type MyReview, type PublicReview, reviewAuthorName } from '@shop/contracts';
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

/** A review with its author's current name: what the public and the author see. */
function reviewsWithAuthors(db: ReadModelsDb) {
  return db.qb
    .selectFrom('reviews')
    .leftJoin('review_authors', 'review_authors.user_id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.product_id',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
      'reviews.updated_at',
      'reviews.verified',
      'reviews.anonymous',
      'reviews.order_id',
      'reviews.line_id',
      'review_authors.name as author_name',
    ])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.posted_position', 'desc');
}

type ReviewWithAuthor = ReturnType<typeof reviewsWithAuthors> extends ListQuery<infer Row> ? Row : never;

function toPublicReview(row: ReviewWithAuthor): PublicReview {
  return {
    id: row.id,
    productId: row.product_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    author: reviewAuthorName(row.author_name, row.anonymous === 1),
    verified: row.verified === 1,
  };
}

/**
 * A product's reviews as the public sees them, newest first: "Verified buyer" ones with the author's
 * first name and initial (or "Anonymous" if she chose so), earlier ones marked not verified. Never
 * the author's full name or e-mail.
 */
export function listPublicReviews(db: ReadModelsDb, args: { productId: string }): PublicReview[] {
  return db.all(reviewsWithAuthors(db).where('reviews.product_id', '=', args.productId)).map(toPublicReview);
}

/** A product's newest verified reviews, at most `limit` (the product page's JSON-LD). */
export function latestVerifiedReviews(
  db: ReadModelsDb,
  args: { productId: string; limit: number },
): PublicReview[] {
  return db
    .all(
      reviewsWithAuthors(db)
        .where('reviews.product_id', '=', args.productId)
        .where('reviews.verified', '=', 1)
        .limit(args.limit),
    )
    .map(toPublicReview);
}

/** A user's own live reviews, newest first, one product's when given. */
export function listReviewsOfUser(
  db: ReadModelsDb,
  args: { userId: string; productId?: string | undefined },
): MyReview[] {
  let query = reviewsWithAuthors(db).where('reviews.user_id', '=', args.userId);
  if (args.productId !== undefined) query = query.where('reviews.product_id', '=', args.productId);
  return db.all(query).map((row) => ({
    ...toPublicReview(row),
    orderId: row.order_id,
    lineId: row.line_id,
    anonymous: row.anonymous === 1,
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
      'reviews.verified',
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
    verified: row.verified === 1,
    User:
      row.author_name !== null && row.author_email !== null
        ? { name: row.author_name, email: row.author_email }
        : null,
  };
}

/** How many live verified reviews a user has written (an affiliate needs at least one). */
export function countVerifiedReviewsByUser(db: ReadModelsDb, args: { userId: string }): number {
  const row = db.first(
    db.qb
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', args.userId)
      .where('verified', '=', 1),
  );
  return row?.count ?? 0;
}
