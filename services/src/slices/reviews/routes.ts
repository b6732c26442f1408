import { AdminReviewsQuery, type PublicReview, ReviewInput, streams } from '@shop/contracts';
import { adminReviewPage, allAdminReviewsInChunks, findProduct, listPublicReviews } from '@shop/projections';
import { Hono } from 'hono';
import { handleCommand } from '../../platform/commands/handle-command';
import { notFound } from '../../platform/errors';
import { type AuthEnv, requireAdmin, requireUser } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { reviewDecider } from './decide';

/**
 * Reviews are published at once and moderated afterwards (docs/rules/reviews-and-affiliates.md#publishing):
 * anyone reads a product's reviews without their authors, a signed-in user posts, an admin lists (all of
 * them streamed, or paged) and deletes.
 */
export function reviewsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);

  app.get('/reviews/:productId', (c) =>
    c.json(listPublicReviews(deps.readModels, { productId: c.req.param('productId') })),
  );

  app.post('/reviews', requireUser(deps), validate('json', ReviewInput), async (c) => {
    const { productId, rating, comment } = c.req.valid('json');
    if (!findProduct(deps.readModels, { id: productId })) throw notFound('Product not found');
    const caller = c.var.caller;
    const reviewId = deps.newId();
    const at = deps.clock().toISOString();
    await handleCommand(
      deps,
      reviewDecider,
      streams.review(reviewId),
      { type: 'PostReview', reviewId, productId, userId: caller.id, rating, comment, at },
      { actor: caller.id },
    );
    const created: PublicReview = {
      id: reviewId,
      productId,
      rating,
      comment,
      createdAt: at,
      author: 'Anonymous',
    };
    return c.json(created, 201);
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
