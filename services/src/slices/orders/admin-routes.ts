import {
  AdminOrdersQuery,
  asOrderId,
  asUserId,
  type OrderNote,
  OrderNoteInput,
  StatusChangeInput,
} from '@shop/contracts';
import { allOrdersInChunks, orderDetails, orderListChunks, orderListPage } from '@shop/projections';
import { Hono } from 'hono';
import { AnswerCache } from '../../platform/http/answer-cache';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { PageCursors } from '../../platform/http/page-cursors';
import { streamedCsv, streamedJsonArray } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';
import { handleChangeOrderStatus } from './change-status';
import { orderNotFound } from './decide';
import { staffAnswerSettingsOf } from './order-answers';
import { handleAddOrderNote } from './order-notes';
import { ORDER_CSV_HEADER, orderCsvFilename, orderCsvRow } from './orders-csv';

/**
 * An admin reads every order (the whole list streamed, or paged, filtered and searched, or as CSV),
 * moves them along the state machine and leaves notes on them.
 */
export function adminOrderRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const cursors = new PageCursors(deps.signingKey);
  /** The list's pages: the same for every admin, until the read models change (decision 017). */
  const pageAnswers = new AnswerCache({
    version: () => deps.readModels.version(),
    maxEntries: 100,
    maxChars: 8 * 1024 * 1024,
  });
  /** Staff answers: a confirmation's note and who confirmed (decision 027). */
  const answerSettings = staffAnswerSettingsOf(deps);

  app.get('/orders', requireAdmin(deps), () =>
    streamedJsonArray(allOrdersInChunks(deps.readModels, answerSettings)),
  );

  app.get('/admin/lists/orders', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const query = c.req.valid('query');
    const { sort, cursor, limit, ...filters } = query;
    const start = cursors.read(cursor, 'orders', sort);
    return pageAnswers.respond(c, JSON.stringify(query), () =>
      cursors.page(
        'orders',
        sort,
        orderListPage(deps.readModels, { filters, sort, start, limit, ...answerSettings }),
      ),
    );
  });

  /** Every order the list's filters, search and sort select (its cursor and limit are not used). */
  app.get('/admin/lists/orders.csv', requireAdmin(deps), validate('query', AdminOrdersQuery), (c) => {
    const { sort, cursor: _cursor, limit: _limit, ...filters } = c.req.valid('query');
    const orders = orderListChunks(deps.readModels, { filters, sort, ...answerSettings });
    const rows = (function* () {
      for (const chunk of orders) yield chunk.map(orderCsvRow);
    })();
    return streamedCsv(orderCsvFilename(deps.clock()), ORDER_CSV_HEADER, rows);
  });

  app.post('/admin/orders/:id/notes', requireAdmin(deps), validate('json', OrderNoteInput), async (c) => {
    const id = asOrderId(c.req.param('id'));
    const noteId = await handleAddOrderNote(deps, id, c.req.valid('json').text, asUserId(c.var.caller.id));
    const note = orderDetails(deps.readModels, { id, history: true })?.notes?.find((n) => n.id === noteId);
    if (!note) throw orderNotFound();
    return c.json<OrderNote>(note, 201);
  });

  app.put('/admin/orders/:id/status', requireAdmin(deps), validate('json', StatusChangeInput), async (c) => {
    const id = asOrderId(c.req.param('id'));
    await handleChangeOrderStatus(deps, id, c.req.valid('json').status, asUserId(c.var.caller.id));
    const order = orderDetails(deps.readModels, { id, history: true, ...answerSettings });
    if (!order) throw orderNotFound();
    return c.json(order);
  });

  return app;
}
