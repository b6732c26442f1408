import {
  type AffiliateCodeCheck,
  AffiliateRequestsQuery,
  fromMinor,
  type MyAffiliate,
  shopConfig,
  streams,
} from '@shop/contracts';
import {
  affiliateRequestOf,
  affiliateRequestPage,
  allAffiliateRequestsInChunks,
  commissionOf,
  countDeliveredOrders,
  countVerifiedReviewsByUser,
  findAffiliate,
  findAffiliateRequest,
  latestAffiliateRequestOf,
} from '@shop/projections';
import { Hono } from 'hono';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { handleCommand } from '../../platform/commands/handle-command';
import { badRequest, notFound } from '../../platform/errors';
import { type AuthEnv, requireAdmin, requireUser } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { newAffiliateCode } from './code';
import { affiliateByCodeIn, customerIdentity, resolveAffiliateCode } from './code-check';
import { claimNewAffiliateCode, releaseAffiliateCode } from './code-claims';
import { affiliateDecider, assertPending } from './decide';
import { mayApplyAsAffiliate } from './eligibility';

export interface AffiliatesRoutesOptions {
  /** Draws a candidate code; tests inject clashes. */
  newCode?: () => string;
}

const requestNotFound = () => notFound('Affiliate request not found');

/**
 * The affiliate programme: a signed-in user with one delivered order and one review of it applies; an admin approves
 * (issuing a unique code) or rejects a pending request; the user reads their code, link, use
 * count and commission in one call.
 */
export function affiliatesRoutes(deps: ShopDeps, options: AffiliatesRoutesOptions = {}): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const newCode = options.newCode ?? (() => newAffiliateCode());

  const cursors = new PageCursors(deps.signingKey);
  const requestById = (id: string) => {
    const row = findAffiliateRequest(deps.readModels, { id });
    if (!row) throw requestNotFound();
    return row;
  };
  const stateOf = async (userId: string) =>
    (await aggregateStream(deps.store, streams.affiliate(userId), affiliateDecider)).state;

  app.post('/affiliate', requireUser(deps), async (c) => {
    const caller = c.var.caller;
    const requestId = deps.newId();
    await handleCommand(
      deps,
      affiliateDecider,
      streams.affiliate(caller.id),
      {
        type: 'RequestAffiliate',
        data: {
          requestId,
          userId: caller.id,
          eligible: mayApplyAsAffiliate({
            deliveredOrders: countDeliveredOrders(deps.readModels, { userId: caller.id }),
            verifiedReviews: countVerifiedReviewsByUser(deps.readModels, { userId: caller.id }),
          }),
          at: deps.clock().toISOString(),
        },
      },
      { actor: caller.id },
    );
    const request = affiliateRequestOf(deps.readModels, requestById(requestId));
    return c.json({ ...request, message: `Request submitted! Status: ${request.status}` }, 201);
  });

  app.get('/affiliate', requireAdmin(deps), () =>
    streamedJsonArray(allAffiliateRequestsInChunks(deps.readModels)),
  );

  app.get(
    '/admin/lists/affiliate-requests',
    requireAdmin(deps),
    validate('query', AffiliateRequestsQuery),
    (c) => {
      const { status, cursor, limit } = c.req.valid('query');
      const start = cursors.read(cursor, 'affiliate-requests', 'newest');
      const page = affiliateRequestPage(deps.readModels, { status, start, limit });
      return c.json(cursors.page('affiliate-requests', 'newest', page));
    },
  );

  app.get('/affiliate/me', requireUser(deps), (c) => {
    const userId = c.var.caller.id;
    const latest = latestAffiliateRequestOf(deps.readModels, { userId });
    const affiliate = findAffiliate(deps.readModels, { userId });
    const commission = commissionOf(deps.readModels, { userId });
    const mine: MyAffiliate = {
      status: latest?.status ?? 'None',
      requestId: latest?.id ?? null,
      code: affiliate?.code ?? null,
      link: affiliate ? `/?ref=${affiliate.code}` : null,
      useCount: affiliate?.use_count ?? 0,
      commission: { earned: fromMinor(commission.earned), pending: fromMinor(commission.pending) },
    };
    return c.json(mine);
  });

  /** The checkout asks before it shows a discount: the same check placing the order makes. */
  app.get('/affiliate/codes/:code', requireUser(deps), (c) => {
    const userId = c.var.caller.id;
    const found = resolveAffiliateCode(
      affiliateByCodeIn(deps.readModels),
      { userId, identity: customerIdentity(deps.readModels, userId) },
      c.req.param('code'),
    );
    if (!found) throw badRequest('Enter an affiliate code.', 'affiliateCode');
    const check: AffiliateCodeCheck = { code: found.code, discountRate: shopConfig.affiliateDiscountRate };
    return c.json(check);
  });

  app.put('/affiliate/:id/approve', requireAdmin(deps), async (c) => {
    const { id: requestId, user_id: userId } = requestById(c.req.param('id'));
    const admin = c.var.caller.id;
    assertPending(await stateOf(userId), requestId, 'approved');
    const code = await claimNewAffiliateCode(deps, userId, admin, newCode);
    const at = deps.clock().toISOString();
    await handleCommand(
      deps,
      affiliateDecider,
      streams.affiliate(userId),
      { type: 'ApproveAffiliate', data: { requestId, userId, code, by: admin, at } },
      { actor: admin },
    ).catch(async (error: unknown) => {
      await releaseAffiliateCode(deps, code, userId, admin);
      throw error;
    });
    return c.json(affiliateRequestOf(deps.readModels, requestById(requestId)));
  });

  app.put('/affiliate/:id/reject', requireAdmin(deps), async (c) => {
    const { id: requestId, user_id: userId } = requestById(c.req.param('id'));
    const admin = c.var.caller.id;
    await handleCommand(
      deps,
      affiliateDecider,
      streams.affiliate(userId),
      { type: 'RejectAffiliate', data: { requestId, userId, by: admin, at: deps.clock().toISOString() } },
      { actor: admin },
    );
    return c.json(affiliateRequestOf(deps.readModels, requestById(requestId)));
  });

  return app;
}
