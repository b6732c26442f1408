import { z } from 'zod';
import { at, id } from './fields';

export const ReviewPosted = z.object({
  reviewId: id,
  productId: id,
  userId: id,
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  at,
});
export const ReviewDeleted = z.object({ reviewId: id, productId: id, deletedBy: id, at });
