import {
  type AdminMetrics,
  fromMinor,
  OrderInput,
  type OrderTracking,
  StatusChangeInput,
  shopConfig,
  trackingProgress,
} from '@shop/contracts';
import {
  calendarDay,
  dailySales,
  findAffiliateByCode,
  findCatalogueEntry,
  findCustomer,
  findOrder,
  listAllOrders,
  listOrdersOfUser,
  orderCounts,
} from '@shop/projections';
import { Hono } from 'hono';
import { badRequest } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { type AuthEnv, type Caller, requireAdmin, requireUser } from '../accounts/auth';
import { changeOrderStatus } from './change-status';
import { orderNotFound } from './decide';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { toOrderDto } from './order-dto';
import { placeOrder } from './place-order';
import { buildTimeline } from './tracking';

/**
 * Orders: a signed-in shopper places and reads their own; an admin reads all, moves them along the
 * state machine and reads the dashboard metrics. Someone else's order answers 404, never 403, so
 * guessing ids reveals nothing.
 */
export function ordersRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  /** The dashboard's figures: the same for every admin, until the read models change or the day does. */
  const metricsAnswers = new AnswerCache({ version: () => deps.readModels.version(), maxEntries: 4 });
  const findUser = (id: string) => findCustomer(deps.readModels, { id });

  /** The order for its owner or an admin; 404 for anyone else. */
  const visibleOrder = (id: string, caller: Caller) => {
    const detail = findOrder(deps.readModels, { id });
    if (!detail || (detail.order.user_id !== caller.id && !caller.isAdmin)) throw orderNotFound();
    return detail;
  };

  app.post('/orders', requireUser(deps), validate('json', OrderInput), async (c) => {
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 100 letters, digits, "_" or "-".', 'Idempotency-Key');
    }
    const caller = c.var.caller;
    const placed = await placeOrder(
      {
        ...deps,
        findProduct: (id) => findCatalogueEntry(deps.readModels, { id }),
        findAffiliateByCode: (code) => {
          const affiliate = findAffiliateByCode(deps.readModels, { code });
          return affiliate && { userId: affiliate.user_id };
        },
      },
      caller.id,
      c.req.valid('json'),
      key,
    );
    if (!placed.created) await deps.projections.waitForPosition(await deps.store.headPosition(), 2_000);
    const detail = findOrder(deps.readModels, { id: placed.orderId });
    if (!detail || detail.order.user_id !== caller.id) throw orderNotFound();
    return c.json(toOrderDto(detail, findUser), placed.created ? 201 : 200);
  });

  app.get('/orders/myorders', requireUser(deps), (c) =>
    c.json(
      listOrdersOfUser(deps.readModels, { userId: c.var.caller.id }).map((o) => toOrderDto(o, findUser)),
    ),
  );

  app.get('/orders', requireAdmin(deps), (c) =>
    c.json(listAllOrders(deps.readModels).map((o) => toOrderDto(o, findUser))),
  );

  app.get('/orders/:id', requireUser(deps), (c) => {
    const caller = c.var.caller;
    return c.json(toOrderDto(visibleOrder(c.req.param('id'), caller), findUser, caller.isAdmin));
  });

  app.get('/orders/:id/tracking', requireUser(deps), (c) => {
    const detail = visibleOrder(c.req.param('id'), c.var.caller);
    const order = toOrderDto(detail, findUser);
    const tracking: OrderTracking = {
      order,
      progress: trackingProgress(order.status),
      timeline: buildTimeline({
        status: order.status,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        deliveredAt: order.deliveredAt,
        changes: detail.changes.map((change) => ({ to: change.to_status, at: change.at })),
      }),
    };
    return c.json(tracking);
  });

  app.put('/admin/orders/:id/status', requireAdmin(deps), validate('json', StatusChangeInput), async (c) => {
    const id = c.req.param('id');
    await changeOrderStatus(deps, id, c.req.valid('json').status, c.var.caller.id);
    const detail = findOrder(deps.readModels, { id });
    if (!detail) throw orderNotFound();
    return c.json(toOrderDto(detail, findUser, true));
  });

  app.get('/admin/metrics', requireAdmin(deps), (c) => {
    const today = calendarDay(deps.clock(), shopConfig.timeZone);
    return metricsAnswers.respond(c, today, () => {
      const sales = dailySales(deps.readModels, { lastDay: today, days: shopConfig.salesChartDays });
      const metrics: AdminMetrics = {
        ...orderCounts(deps.readModels),
        sales: sales.map(({ day, amount, orders }) => ({
          date: day,
          salesUSD: fromMinor(amount),
          amount: fromMinor(amount),
          orders,
        })),
      };
      return metrics;
    });
  });

  return app;
}
