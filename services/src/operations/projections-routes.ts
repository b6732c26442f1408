import { MESSAGE_CHANNELS, type MessagesStatus } from '@shop/contracts';
import { allProjectors, channelMessageCounts } from '@shop/projections';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, requireAdmin } from '../platform/http/auth';
import { validate } from '../platform/http/validate';
import type { ShopDeps } from '../shop-deps';

const projectorNames = allProjectors.map((projector) => projector.name) as [string, ...string[]];

const RebuildInput = z.object({
  /** Read models to rebuild; all when absent. */
  names: z.array(z.enum(projectorNames)).min(1).optional(),
});

/**
 * Projection operations for an admin: the status `/health/ready` shows (checkpoint, head, lag, state,
 * last error per read model), freshly read from the log; and an online rebuild by this shop's own
 * runner, which keeps serving the old tables until the new ones have caught up. Beside them, the
 * messages the shop owes: sent, waiting and failed, over every instance.
 */
export function operationsRoutes(deps: ShopDeps) {
  return new Hono<AuthEnv>()
    .get('/admin/projections', requireAdmin(deps), async (c) =>
      c.json(await deps.projections.refreshStatus()),
    )
    .post('/admin/projections/rebuild', requireAdmin(deps), validate('json', RebuildInput), async (c) => {
      const { names } = c.req.valid('json');
      return c.json(await deps.projections.rebuild(names));
    })
    .get('/admin/messages', requireAdmin(deps), (c) =>
      c.json<MessagesStatus>({
        channels: MESSAGE_CHANNELS.map((channel) => ({
          channel,
          delivery: deps.messageDelivery[channel],
          ...channelMessageCounts(deps.readModels, channel),
        })),
      }),
    );
}
