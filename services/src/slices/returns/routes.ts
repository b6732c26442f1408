import { ReturnRequestInput, ReturnStatusInput, type ReturnsPage, ReturnsQuery } from '@shop/contracts';
import { adminReturns, findOrderOwner, orderReturns, returnDetails } from '@shop/projections';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin, requireUser } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { orderNotFound } from '../orders/decide';
import { handleChangeReturnStatus } from './change-return-status';
import { returnNotFound } from './decide';
import { handleRequestReturn } from './request-return';

/**
 * Returns: the owner of a delivered order asks to return units of it within the returns window and
 * follows the return; an admin lists every return and moves each one on (Approved or Rejected, then
 * Received, then Refunded). Someone else's order answers 404, as for the order itself.
 */
export function returnsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);

  app.post('/orders/:id/returns', requireUser(deps), validate('json', ReturnRequestInput), async (c) => {
    const returnId = await handleRequestReturn(deps, c.req.param('id'), c.var.caller.id, c.req.valid('json'));
    const answer = returnDetails(deps.readModels, { id: returnId, admin: false });
    if (!answer) throw returnNotFound();
    return c.json(answer, 201);
  });

  app.get('/orders/:id/returns', requireUser(deps), (c) => {
    const caller = c.var.caller;
    const orderId = c.req.param('id');
    const owner = findOrderOwner(deps.readModels, { id: orderId });
    if (owner === undefined || (owner !== caller.id && !caller.isAdmin)) throw orderNotFound();
    return c.json(orderReturns(deps.readModels, { orderId, admin: caller.isAdmin }));
  });

  /** Newest first, a page at a time, by the admin lists' signed cursors, back and forth. */
  app.get('/admin/returns', requireAdmin(deps), validate('query', ReturnsQuery), (c) => {
    const { status, cursor, limit } = c.req.valid('query');
    const start = cursors.read(cursor, 'returns', 'newest');
    return c.json<ReturnsPage>(
      cursors.page('returns', 'newest', adminReturns(deps.readModels, { status, start, limit })),
    );
  });

  app.put('/admin/returns/:id/status', requireAdmin(deps), validate('json', ReturnStatusInput), async (c) => {
    const id = c.req.param('id');
    await handleChangeReturnStatus(deps, id, c.req.valid('json').status, c.var.caller.id);
    const answer = returnDetails(deps.readModels, { id, admin: true });
    if (!answer) throw returnNotFound();
    return c.json(answer);
  });

  return app;
}
