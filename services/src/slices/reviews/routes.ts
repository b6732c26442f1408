import {
  AdminReviewsQuery,
  type MyReview,
  type MyReviews,
  ReviewEditInput,
  ReviewInput,
  streams,
} from '@shop/contracts';
import {
  adminReviewPage,
  allAdminReviewsInChunks,
  findProduct,
  listPublicReviews,
  listReviewsOfUser,
} from '@shop/projections';
import { Hono } from 'hono';
import { z } from 'zod';
import { handleCommand } from '../../platform/commands/handle-command';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { type AuthEnv, requireAdmin, requireUser } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { boughtLinesOf } from './bought-lines';
import { REVIEW_NOT_FOUND, reviewDecider } from './decide';
import { ALREADY_REVIEWED_MESSAGE, lineToReview, NOT_A_BUYER_MESSAGE, reviewableLines } from './eligibility';

const MyReviewsQuery = z.object({ productId: z.string().trim().min(1).max(64).optional() });

/**
 * Reviews come from buyers (decision 027): one per delivered order line, posted by its buyer
 * ("Verified buyer", or anonymous if she chooses) and edited by her alone; anyone else's post is 403.
 * Anyone reads a product's reviews (earlier ones marked not verified) without their authors' full
 * names; an admin lists (all of them streamed, or paged) and deletes.
 */
export function reviewsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);
  const myReview = (userId: string, reviewId: string): MyReview => {
    const found = listReviewsOfUser(deps.readModels, { userId }).find((review) => review.id === reviewId);
    if (!found) throw notFound(REVIEW_NOT_FOUND);
    return found;
  };

  /** What the caller may review (of one product, when given) and her reviews: the review form's start. */
  app.get('/reviews/mine', requireUser(deps), validate('query', MyReviewsQuery), (c) => {
    const userId = c.var.caller.id;
    const { productId } = c.req.valid('query');
    const reviews = listReviewsOfUser(deps.readModels, { userId, productId });
    const reviewed = new Set(reviews.flatMap((review) => (review.lineId ? [review.lineId] : [])));
    const lines = boughtLinesOf(deps.readModels, userId);
    const products =
      productId === undefined ? [...new Set(lines.map((line) => line.productId))] : [productId];
    const mine: MyReviews = {
      reviewable: products
        .flatMap((id) => reviewableLines(lines, id, reviewed))
        .map(({ orderId, lineId, reference, productId, name, size, deliveredAt }) => ({
          orderId,
          lineId,
          reference,
          productId,
          name,
          size,
          deliveredAt,
        })),
      reviews,
    };
    return c.json(mine);
  });

  app.get('/reviews/:productId', (c) =>
    c.json(listPublicReviews(deps.readModels, { productId: c.req.param('productId') })),
  );

  app.post('/reviews', requireUser(deps), validate('json', ReviewInput), async (c) => {
    const { productId, orderId, lineId, rating, comment, anonymous } = c.req.valid('json');
    if (!findProduct(deps.readModels, { id: productId })) throw notFound('Product not found');
    const userId = c.var.caller.id;
    const reviewed = new Set(
      listReviewsOfUser(deps.readModels, { userId }).flatMap((review) =>
        review.lineId ? [review.lineId] : [],
      ),
    );
    const target = lineToReview({
      lines: boughtLinesOf(deps.readModels, userId),
      productId,
      reviewedLineIds: reviewed,
      orderId,
      lineId,
    });
    if (target.kind === 'not-a-buyer') throw forbidden(NOT_A_BUYER_MESSAGE);
    if (target.kind === 'already-reviewed') throw conflict(ALREADY_REVIEWED_MESSAGE);
    // The review's id is its line's: its stream can be started once, so a line has one review.
    const reviewId = target.line.lineId;
    await handleCommand(
      deps,
      reviewDecider,
      streams.review(reviewId),
      {
        type: 'PostReview',
        reviewId,
        productId,
        userId,
        orderId: target.line.orderId,
        lineId: target.line.lineId,
        rating,
        comment,
        anonymous,
        at: deps.clock().toISOString(),
      },
      { actor: userId },
    );
    return c.json(myReview(userId, reviewId), 201);
  });

  app.put('/reviews/:id', requireUser(deps), validate('json', ReviewEditInput), async (c) => {
    const reviewId = c.req.param('id');
    const userId = c.var.caller.id;
    const { rating, comment, anonymous } = c.req.valid('json');
    await handleCommand(
      deps,
      reviewDecider,
      streams.review(reviewId),
      { type: 'EditReview', reviewId, userId, rating, comment, anonymous, at: deps.clock().toISOString() },
      { actor: userId },
    );
    return c.json(myReview(userId, reviewId));
  });

  app.get('/admin/reviews', requireAdmin(deps), () =>
    streamedJsonArray(allAdminReviewsInChunks(deps.readModels)),
  );

  app.get('/admin/lists/reviews', requireAdmin(deps), validate('query', AdminReviewsQuery), (c) => {
    const { productId, cursor, limit } = c.req.valid('query');
    const start = cursors.read(cursor, 'reviews', 'newest');
    const page = adminReviewPage(deps.readModels, { productId, start, limit });
    return c.json(cursors.page('reviews', 'newest', page));
  });

  app.delete('/reviews/:id', requireAdmin(deps), async (c) => {
    const reviewId = c.req.param('id');
    await handleCommand(
      deps,
      reviewDecider,
      streams.review(reviewId),
      { type: 'DeleteReview', reviewId, deletedBy: c.var.caller.id, at: deps.clock().toISOString() },
      { actor: c.var.caller.id },
    );
    return c.json({ message: 'Review deleted', id: reviewId });
  });

  return app;
}
