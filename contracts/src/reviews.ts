import { z } from 'zod';

export const MAX_REVIEW_LENGTH = 2000;

const rating = z
  .number({ error: 'Rating must be a number' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');
const comment = z
  .string()
  .trim()
  .max(MAX_REVIEW_LENGTH, `Review must be at most ${MAX_REVIEW_LENGTH} characters`)
  .default('');
const anonymous = z.boolean({ error: 'anonymous must be true or false' });

/**
 * Body of POST /api/reviews. Only a buyer reviews, once per delivered order line: `orderId` and
 * `lineId` name the line; without them the server takes her oldest delivered line of the product not
 * yet reviewed. `anonymous` shows "Anonymous" instead of her first name and initial. The product page
 * never sends a blank comment; /review may.
 */
export const ReviewInput = z.object({
  productId: z.string({ error: 'Product is required' }).trim().min(1, 'Product is required').max(64),
  orderId: z.string().trim().min(1).max(64).optional(),
  lineId: z.string().trim().min(1).max(64).optional(),
  rating,
  comment,
  anonymous: anonymous.default(false),
});
export type ReviewInput = z.infer<typeof ReviewInput>;
/** What a client sends: `anonymous` and `comment` may be left out. */
export type ReviewRequest = z.input<typeof ReviewInput>;

/** Body of PUT /api/reviews/{id}: the author changes her rating, text, or whether her name shows. */
export const ReviewEditInput = z.object({ rating, comment, anonymous: anonymous.optional() });
export type ReviewEditInput = z.infer<typeof ReviewEditInput>;

/** The label a verified review carries, in lists and in the product page's JSON-LD. */
export const VERIFIED_BUYER = 'Verified buyer';

/**
 * How a review's author is shown: "Anonymous" when she chose so, or when the review is from before
 * reviews came from buyers; otherwise her first name and the initial of her last ("Nida K.").
 */
export function reviewAuthorName(name: string | null, anonymous: boolean): string {
  if (anonymous || name === null) return 'Anonymous';
  const [first, ...rest] = name.trim().split(/\s+/);
  if (!first) return 'Anonymous';
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/**
 * A review as the public sees it: never the author's full name or e-mail. `verified`: written by the
 * buyer of a delivered order line ("Verified buyer"); reviews from before that rule are shown, not
 * verified, and count in no rating.
 */
export interface PublicReview {
  id: string;
  productId: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** When its author last edited it; null if never. */
  updatedAt: string | null;
  /** "Nida K." or "Anonymous". */
  author: string;
  verified: boolean;
}

/** One of the caller's own reviews, as her review form edits it. */
export interface MyReview extends PublicReview {
  orderId: string | null;
  lineId: string | null;
  anonymous: boolean;
}

/** A delivered order line of the caller's that she may still review. */
export interface ReviewableLine {
  orderId: string;
  lineId: string;
  reference: string;
  productId: string;
  name: string;
  size: string;
  deliveredAt: string | null;
}

/** `GET /api/reviews/mine?productId=`: what the caller may review, and what she has reviewed. */
export interface MyReviews {
  reviewable: ReviewableLine[];
  reviews: MyReview[];
}

/** A review in the admin list. */
export interface AdminReview {
  id: string;
  productId: string;
  productName: string | null;
  rating: number;
  comment: string;
  createdAt: string;
  verified: boolean;
  User: { name: string; email: string } | null;
}
