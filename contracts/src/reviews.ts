import { z } from 'zod';

export const MAX_REVIEW_LENGTH = 2000;

/** Body of POST /api/reviews. The product page never sends a blank comment; /review may. */
export const ReviewInput = z.object({
  productId: z.string({ error: 'Product is required' }).trim().min(1, 'Product is required').max(64),
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: z
    .string()
    .trim()
    .max(MAX_REVIEW_LENGTH, `Review must be at most ${MAX_REVIEW_LENGTH} characters`)
    .default(''),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** A review as the public sees it: never the author's name or e-mail. */
export interface PublicReview {
  id: string;
  productId: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** Always 'Anonymous'. */
  author: 'Anonymous';
}

/** A review in the admin list. */
export interface AdminReview {
  id: string;
  productId: string;
  productName: string | null;
  rating: number;
  comment: string;
  createdAt: string;
  User: { name: string; email: string } | null;
}
