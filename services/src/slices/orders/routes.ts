import {
  type AdminMetrics,
  AdminOrdersQuery,
  AsOfQuery,
  type CodAvailability,
  CodStandingQuery,
  ConfirmByLinkRequest,
  type ConfirmedByLink,
  fromMinor,
  LiftRefusalLimitRequest,
  OrderInput,
  type OrderNote,
  OrderNoteInput,
  PhoneConfirmationRequest,
  StatusChangeInput,
  shopConfig,
} from '@shop/contracts';
import {
  allOrdersInChunks,
  calendarDay,
  catalogueProjector,
  codMetrics,
  customersProjector,
  dailySales,
  findCatalogueEntry,
  findCustomer,
  findOrderOwner,
  metricsProjector,
  orderCounts,
  orderDetails,
  orderIdOf,
  orderListChunks,
  orderListPage,
  ordersOfUser,
  ordersProjector,
  orderTracking,
  type ReadModelsDb,
  readAsOf,
} from '@shop/projections';
import { Hono } from 'hono';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { AnswerCache } from '../../platform/http/answer-cache';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedCsv, streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { type AuthEnv, type Caller, requireAdmin, requireUser } from '../accounts/auth';
import { affiliateByCodeIn } from '../affiliates/code-check';
import { handleCancelOrder, handleChangeOrderStatus } from './change-status';
import { codAvailability, codStandingThrottle, handleLiftRefusalLimit } from './cod-standing';
import { handleConfirmOrder } from './confirmation';
import { verifyConfirmationToken } from './confirmation-link';
import { orderNotFound } from './decide';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency';
import { handleAddOrderNote } from './order-notes';
import { ORDER_CSV_HEADER, orderCsvFilename, orderCsvRow } from './orders-csv';
import { handlePlaceOrder } from './place-order';

/**
 * Orders: a signed-in shopper places, reads and cancels their own; an admin reads all (the whole list
 * streamed, or paged, filtered and searched, or as CSV), moves them along the state machine, leaves
 * notes on them and reads the dashboard metrics. Someone else's order answers 404, never 403, so
 * guessing ids reveals nothing. Cash on delivery (decision 023): a COD order is confirmed by the link
 * in its message (signed out), by its owner, or by an admin who phoned; checkout asks whether COD is
 * offered to the shopper; an admin lifts a serial refuser's limit.
 */
export function ordersRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  /** The dashboard's figures: the same for every admin, until the read models change or the day does. */
  const metricsAnswers = new AnswerCache({ version: () => deps.readModels.version(), maxEntries: 4 });
  const cursors = new PageCursors(deps.signingKey);
  /** The list's pages: the same for every admin, until the read models change (decision 017). */
  const pageAnswers = new AnswerCache({
    version: () => deps.readModels.version(),
    maxEntries: 100,
    maxChars: 8 * 1024 * 1024,
  });
  /** Every order answer says when an awaiting COD order expires. */
  const answerSettings = { confirmationWindowMs: deps.cod.confirmationWindowMs };
  const standingChecks = codStandingThrottle(deps.clock);
  /** Staff answers carry a confirmation's note and the staff member who confirmed; a shopper's never. */
  const staffAnswers = { ...answerSettings, forStaff: true };

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
    const order = orderDetails(deps.readModels, { id: placed.orderId, ...answerSettings });
    if (!order || order.userId !== caller.id) throw orderNotFound();
    return c.json(order, placed.created ? 201 : 200);
  });

  app.get('/orders/myorders', requireUser(deps), (c) =>
    c.json(ordersOfUser(deps.readModels, { userId: c.var.caller.id, ...answerSettings })),
  );

  /** Whether checkout may offer cash on delivery to the caller (and to her own phone being filled in). */
  app.get('/orders/cod-standing', requireUser(deps), validate('query', CodStandingQuery), (c) => {
    standingChecks.take({ account: c.var.caller.id });
    return c.json<CodAvailability>(codAvailability(deps, c.var.caller.id, c.req.valid('query').phone));
  });

  /** The link in the confirmation message: no sign-in, the signed token names the order. */
  app.post('/orders/confirm', validate('json', ConfirmByLinkRequest), async (c) => {
    const verified = await verifyConfirmationToken(deps, c.req.valid('json').token);
    if ('invalid' in verified) {
      throw badRequest(
        verified.invalid === 'expired'
          ? 'This confirmation link has expired.'
          : 'This confirmation link is not valid. Please use the link in the message we sent you.',
        'token',
      );
    }
    const { orderId } = verified;
    const owner = findOrderOwner(deps.readModels, { id: orderId });
    if (owner === undefined) throw orderNotFound();
    await handleConfirmOrder(deps, { orderId, by: owner, channel: 'link' });
    const order = orderDetails(deps.readModels, { id: orderId, ...answerSettings });
    if (!order) throw orderNotFound();
    const { id, reference, status, totalPrice, confirmation } = order;
    return c.json<ConfirmedByLink>({ id, reference, status, totalPrice, confirmation });
  });

  app.post('/orders/:id/confirm', requireUser(deps), async (c) => {
    const id = c.req.param('id');
    await handleConfirmOrder(deps, { orderId: id, by: c.var.caller.id, channel: 'order-page' });
    return c.json(visibleTo(c.var.caller, orderDetails(deps.readModels, { id, ...answerSettings })));
  });

  app.post(
    '/admin/orders/:id/confirm',
    requireAdmin(deps),
    validate('json', PhoneConfirmationRequest),
    async (c) => {
      const id = c.req.param('id');
      const { note } = c.req.valid('json');
      await handleConfirmOrder(deps, { orderId: id, by: c.var.caller.id, channel: 'phone', note });
      const order = orderDetails(deps.readModels, { id, history: true, ...staffAnswers });
      if (!order) throw orderNotFound();
      return c.json(order);
    },
  );

  /** Cash on delivery offered again to a customer past the refusal limit, until their next refusal. */
  app.post(
    '/admin/customers/:id/cod-limit/lift',
    requireAdmin(deps),
    validate('json', LiftRefusalLimitRequest),
    async (c) => {
      const userId = c.req.param('id');
      if (!findCustomer(deps.readModels, { id: userId })) throw notFound('Customer not found');
      const standing = await handleLiftRefusalLimit(
        deps,
        userId,
        c.req.valid('json').reason,
        c.var.caller.id,
      );
      return c.json(standing);
    },
  );

  app.get('/orders', requireAdmin(deps), () =>
    streamedJsonArray(allOrdersInChunks(deps.readModels, staffAnswers)),
  );

  app.get('/admin/lists/orders', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const query = c.req.valid('query');
    const { sort, cursor, limit, ...filters } = query;
    const start = cursors.read(cursor, 'orders', sort);
    return pageAnswers.respond(c, JSON.stringify(query), () =>
      cursors.page(
        'orders',
        sort,
        orderListPage(deps.readModels, { filters, sort, start, limit, ...staffAnswers }),
      ),
    );
  });

  /** Every order the list's filters, search and sort select (its cursor and limit are not used). */
  app.get('/admin/lists/orders.csv', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const { sort, cursor: _cursor, limit: _limit, ...filters } = c.req.valid('query');
    const orders = orderListChunks(deps.readModels, { filters, sort, ...staffAnswers });
    const rows = (function* () {
      for (const chunk of orders) yield chunk.map(orderCsvRow);
    })();
    return streamedCsv(orderCsvFilename(deps.clock()), ORDER_CSV_HEADER, rows);
  });

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
    const then = await readAsOf(deps.store, new Date(asOf), ORDER_VIEW_PROJECTORS, (db) =>
      orderDetails(db, { id: orderIdOf(db, param), history: true, ...staffAnswers }),
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
    const id = c.req.param('id');
    await handleCancelOrder(deps, id, c.var.caller.id);
    return c.json(visibleTo(c.var.caller, orderDetails(deps.readModels, { id, ...answerSettings })));
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
    const order = orderDetails(deps.readModels, { id, history: true, ...staffAnswers });
    if (!order) throw orderNotFound();
    return c.json(order);
  });

  app.get('/admin/metrics', requireAdmin(deps), validate('query', AsOfQuery), async (c) => {
    const { asOf } = c.req.valid('query');
    if (asOf !== undefined) {
      // The dashboard as it stood then: the log replayed up to that moment, its 30 days ending that day.
      const then = new Date(asOf);
      const today = calendarDay(then, shopConfig.timeZone);
      const metrics = await readAsOf(deps.store, then, [ordersProjector, metricsProjector], (db) =>
        metricsOf(db, then, today, deps.configWarnings),
      );
      return c.json({ ...metrics, asOf });
    }
    const today = calendarDay(deps.clock(), shopConfig.timeZone);
    return metricsAnswers.respond(c, today, () =>
      metricsOf(deps.readModels, deps.clock(), today, deps.configWarnings),
    );
  });

  return app;
}

/** What an admin's order view reads: the order, its customer, its products. */
const ORDER_VIEW_PROJECTORS = [catalogueProjector, customersProjector, ordersProjector];

const COD_RATES_DAYS = 30;

/**
 * The dashboard's figures from a read-model database, the chart's days ending with `today` (sales net
 * of the refunds made each day), cash on delivery's rates over the 30 days up to `now`, with the
 * warnings about the shop's configuration.
 */
function metricsOf(
  db: ReadModelsDb,
  now: Date,
  today: string,
  configWarnings: readonly string[],
): AdminMetrics {
  const sales = dailySales(db, { lastDay: today, days: shopConfig.salesChartDays });
  const since = new Date(now.getTime() - COD_RATES_DAYS * 86_400_000).toISOString();
  return {
    ...orderCounts(db),
    cod: codMetrics(db, { since, until: now.toISOString() }),
    sales: sales.map(({ day, amount, orders, refunds }) => ({
      date: day,
      salesUSD: fromMinor(amount),
      amount: fromMinor(amount),
      orders,
      refunds: fromMinor(refunds),
    })),
    configWarnings: [...configWarnings],
  };
}
