import { AsOfQuery, asOrderId, asUserId, OrderInput } from '@shop/contracts';
import {
  catalogueProjector,
  customersProjector,
  findCatalogueEntry,
  orderDetails,
  orderIdOf,
  ordersOfUser,
  ordersProjector,
  orderTracking,
  readAsOf,
} from '@shop/projections';
import { Hono } from 'hono';
import { badRequest, forbidden } from '../../platform/errors';
import { replayAsOf } from '../../platform/http/as-of';
import { type AuthEnv, requireUser } from '../../platform/http/auth';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { affiliateByCodeIn } from '../affiliates/code-check';
import { handleCancelOrder } from './change-status';
import { orderNotFound } from './decide';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { answerSettingsOf, visibleTo } from './order-answers';
import { handlePlaceOrder } from './place-order';

/** How long placing an order waits at most for the read models to show it, once it is placed. */
export const PLACED_ORDER_VISIBLE_WITHIN_MS = 20_000;

/**
 * A signed-in shopper places, reads, tracks and cancels their own orders; an admin reads any of them
 * here too, with its history, and as it stood at a moment. Someone else's order answers 404, never
 * 403, so guessing ids reveals nothing.
 */
export function shopperOrderRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const answerSettings = answerSettingsOf(deps);

  app.post('/orders', requireUser(deps), validate('json', OrderInput), async (c) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 100 letters, digits, "_" or "-".', 'Idempotency-Key');
    }
    const caller = c.var.caller;
    const placed = await handlePlaceOrder(
      {
        ...deps,
        findProduct: (id) => findCatalogueEntry(deps.readModels, { id }),
        findAffiliateByCode: affiliateByCodeIn(deps.readModels),
      },
      asUserId(caller.id),
      c.req.valid('json'),
      key,
    );
    if (!placed.created) await deps.projections.waitForPosition(await deps.store.headPosition(), 2_000);
    let order = orderDetails(deps.readModels, { id: placed.orderId, ...answerSettings });
    if (!order) {
      // Placed, but the read models are further behind than a command waits (a sale-night crowd on a
      // busy machine): the buyer waits for them, rather than hearing 404 about an order that exists.
      await deps.projections.waitForPosition(await deps.store.headPosition(), PLACED_ORDER_VISIBLE_WITHIN_MS);
      order = orderDetails(deps.readModels, { id: placed.orderId, ...answerSettings });
    }
    if (!order || order.userId !== caller.id) throw orderNotFound();
    return c.json(order, placed.created ? 201 : 200);
  });

  app.get('/orders/myorders', requireUser(deps), (c) =>
    c.json(ordersOfUser(deps.readModels, { userId: c.var.caller.id, ...answerSettings })),
  );

  /** `:id` is the order's id or its reference; an admin may ask for it `?asOf=` a moment. */
  app.get('/orders/:id', requireUser(deps), validate('query', AsOfQuery), async (c) => {
    const caller = c.var.caller;
    const param = c.req.param('id');
    const { asOf } = c.req.valid('query');
    if (asOf === undefined) {
      const id = orderIdOf(deps.readModels, param);
      return c.json(
        visibleTo(
          caller,
          orderDetails(deps.readModels, {
            id,
            history: caller.isAdmin,
            ...answerSettings,
            forStaff: caller.isAdmin,
          }),
        ),
      );
    }
    if (!caller.isAdmin) throw forbidden('Only an admin can see an order as it stood at a moment.');
    // The order as it stood then, replayed from the log (its reference too); not placed yet is 404.
    const then = await replayAsOf(deps, caller.id, asOf, (moment) =>
      readAsOf(deps.store, moment, ORDER_VIEW_PROJECTORS, (db) =>
        orderDetails(db, { id: orderIdOf(db, param), history: true, ...answerSettings, forStaff: true }),
      ),
    );
    return c.json({ ...visibleTo(caller, then), asOf });
  });

  app.get('/orders/:id/tracking', requireUser(deps), (c) => {
    const id = orderIdOf(deps.readModels, c.req.param('id'));
    return c.json(
      visibleTo(
        c.var.caller,
        orderTracking(deps.readModels, { id, ...answerSettings, forStaff: c.var.caller.isAdmin }),
      ),
    );
  });

  app.post('/orders/:id/cancel', requireUser(deps), async (c) => {
    const id = asOrderId(c.req.param('id'));
    await handleCancelOrder(deps, id, asUserId(c.var.caller.id));
    return c.json(visibleTo(c.var.caller, orderDetails(deps.readModels, { id, ...answerSettings })));
  });

  return app;
}

/** What an admin's order view reads: the order, its customer, its products. */
const ORDER_VIEW_PROJECTORS = [catalogueProjector, customersProjector, ordersProjector];
