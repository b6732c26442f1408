import { z } from 'zod';
import { at, id } from './fields';

/**
 * Since schema version 2 a review names the delivered order line it reviews (`verified`: its author
 * bought and kept that line) and whether its author chose to stay anonymous. Version 1 reviews came
 * from anyone: not verified, shown as "Anonymous".
 */
export const ReviewPosted = z.object({
  reviewId: id,
  productId: id,
  userId: id,
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  orderId: id.nullable(),
  lineId: id.nullable(),
  verified: z.boolean(),
  anonymous: z.boolean(),
  at,
});
/** The author changed her review's rating, text or anonymity. */
export const ReviewEdited = z.object({
  reviewId: id,
  productId: id,
  userId: id,
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  anonymous: z.boolean(),
  at,
});
export const ReviewDeleted = z.object({ reviewId: id, productId: id, deletedBy: id, at });
