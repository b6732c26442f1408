import {
  type AdminMetrics,
  AdminOrdersQuery,
  fromMinor,
  OrderInput,
  type OrderNote,
  OrderNoteInput,
  StatusChangeInput,
  shopConfig,
} from '@shop/contracts';
import {
  allOrdersInChunks,
  calendarDay,
  dailySales,
  findCatalogueEntry,
  orderCounts,
  orderDetails,
  orderIdOf,
  orderListChunks,
  orderListPage,
  ordersOfUser,
  orderTracking,
} from '@shop/projections';
import { Hono } from 'hono';
import { badRequest } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedCsv, streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { type AuthEnv, type Caller, requireAdmin, requireUser } from '../accounts/auth';
import { affiliateByCodeIn } from '../affiliates/code-check';
import { handleCancelOrder, handleChangeOrderStatus } from './change-status';
import { orderNotFound } from './decide';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { handleAddOrderNote } from './order-notes';
import { ORDER_CSV_HEADER, orderCsvFilename, orderCsvRow } from './orders-csv';
import { handlePlaceOrder } from './place-order';

/**
 * Orders: a signed-in shopper places, reads and cancels their own; an admin reads all (the whole list
 * streamed, or paged, filtered and searched, or as CSV), moves them along the state machine, leaves
 * notes on them and reads the dashboard metrics. Someone else's order answers 404, never 403, so
 * guessing ids reveals nothing.
 */
export function ordersRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  /** The dashboard's figures: the same for every admin, until the read models change or the day does. */
  const metricsAnswers = new AnswerCache({ version: () => deps.readModels.version(), maxEntries: 4 });
  const cursors = new PageCursors(deps.signingKey);

  /** Only for its owner or an admin; 404 for anyone else. */
  const visibleTo = <T extends { userId: string } | { order: { userId: string } }>(
    caller: Caller,
    found?: T,
  ) => {
    const owner = found && ('order' in found ? found.order.userId : found.userId);
    if (!found || (owner !== caller.id && !caller.isAdmin)) throw orderNotFound();
    return found;
  };

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
      caller.id,
      c.req.valid('json'),
      key,
    );
    if (!placed.created) await deps.projections.waitForPosition(await deps.store.headPosition(), 2_000);
    const order = orderDetails(deps.readModels, { id: placed.orderId });
    if (!order || order.userId !== caller.id) throw orderNotFound();
    return c.json(order, placed.created ? 201 : 200);
  });

  app.get('/orders/myorders', requireUser(deps), (c) =>
    c.json(ordersOfUser(deps.readModels, { userId: c.var.caller.id })),
  );

  app.get('/orders', requireAdmin(deps), () => streamedJsonArray(allOrdersInChunks(deps.readModels)));

  app.get('/admin/lists/orders', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const { sort, cursor, limit, ...filters } = c.req.valid('query');
    const start = cursors.read(cursor, 'orders', sort);
    return c.json(
      cursors.page('orders', sort, orderListPage(deps.readModels, { filters, sort, start, limit })),
    );
  });

  /** Every order the list's filters, search and sort select (its cursor and limit are not used). */
  app.get('/admin/lists/orders.csv', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const { sort, cursor: _cursor, limit: _limit, ...filters } = c.req.valid('query');
    const orders = orderListChunks(deps.readModels, { filters, sort });
    const rows = (function* () {
      for (const chunk of orders) yield chunk.map(orderCsvRow);
    })();
    return streamedCsv(orderCsvFilename(deps.clock()), ORDER_CSV_HEADER, rows);
  });

  /** `:id` is the order's id or its reference. */
  app.get('/orders/:id', requireUser(deps), (c) => {
    const caller = c.var.caller;
    const id = orderIdOf(deps.readModels, c.req.param('id'));
    return c.json(visibleTo(caller, orderDetails(deps.readModels, { id, history: caller.isAdmin })));
  });

  app.get('/orders/:id/tracking', requireUser(deps), (c) => {
    const id = orderIdOf(deps.readModels, c.req.param('id'));
    return c.json(visibleTo(c.var.caller, orderTracking(deps.readModels, { id })));
  });

  app.post('/orders/:id/cancel', requireUser(deps), async (c) => {
    const id = c.req.param('id');
    await handleCancelOrder(deps, id, c.var.caller.id);
    return c.json(visibleTo(c.var.caller, orderDetails(deps.readModels, { id })));
  });

  app.post('/admin/orders/:id/notes', requireAdmin(deps), validate('json', OrderNoteInput), async (c) => {
    const id = c.req.param('id');
    const noteId = await handleAddOrderNote(deps, id, c.req.valid('json').text, c.var.caller.id);
    const note = orderDetails(deps.readModels, { id, history: true })?.notes?.find((n) => n.id === noteId);
    if (!note) throw orderNotFound();
    return c.json<OrderNote>(note, 201);
  });

  app.put('/admin/orders/:id/status', requireAdmin(deps), validate('json', StatusChangeInput), async (c) => {
    const id = c.req.param('id');
    await handleChangeOrderStatus(deps, id, c.req.valid('json').status, c.var.caller.id);
    const order = orderDetails(deps.readModels, { id, history: true });
    if (!order) throw orderNotFound();
    return c.json(order);
  });

  app.get('/admin/metrics', requireAdmin(deps), (c) => {
    const today = calendarDay(deps.clock(), shopConfig.timeZone);
    return metricsAnswers.respond(c, today, () => {
      const sales = dailySales(deps.readModels, { lastDay: today, days: shopConfig.salesChartDays });
      const metrics: AdminMetrics = {
        ...orderCounts(deps.readModels),
        sales: sales.map(({ day, amount, orders, refunds }) => ({
          date: day,
          salesUSD: fromMinor(amount),
          amount: fromMinor(amount),
          orders,
          refunds: fromMinor(refunds),
        })),
        configWarnings: [...deps.configWarnings],
      };
      return metrics;
    });
  });

  return app;
}
