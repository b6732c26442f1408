import { type AdminMetrics, AsOfQuery, fromMinor, shopConfig } from '@shop/contracts';
import {
  calendarDay,
  codMetrics,
  dailySales,
  metricsProjector,
  orderCounts,
  ordersProjector,
  type ReadModelsDb,
  readAsOf,
} from '@shop/projections';
import { Hono } from 'hono';
import { AnswerCache } from '../../platform/http/answer-cache';
import { replayAsOf } from '../../platform/http/as-of';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';

/**
 * The admin dashboard's metrics: orders by status, the sales chart and cash on delivery's rates, from
 * the read models, or with `asOf` from the log replayed up to that moment.
 */
export function metricsRoutes(deps: ShopDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  /** The dashboard's figures: the same for every admin, until the read models change or the day does. */
  const metricsAnswers = new AnswerCache({ version: () => deps.readModels.version(), maxEntries: 4 });

  app.get('/admin/metrics', requireAdmin(deps), validate('query', AsOfQuery), async (c) => {
    const { asOf } = c.req.valid('query');
    if (asOf !== undefined) {
      // The dashboard as it stood then: the log replayed up to that moment, its 30 days ending that day.
      const metrics = await replayAsOf(deps, c.var.caller.id, asOf, (then) => {
        const today = calendarDay(then, shopConfig.timeZone);
        return readAsOf(deps.store, then, [ordersProjector, metricsProjector], (db) =>
          metricsOf(db, then, today, deps.configWarnings),
        );
      });
      return c.json({ ...metrics, asOf });
    }
    const today = calendarDay(deps.clock(), shopConfig.timeZone);
    return metricsAnswers.respond(c, today, () =>
      metricsOf(deps.readModels, deps.clock(), today, deps.configWarnings),
    );
  });

  return app;
}

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
      salesPKR: fromMinor(amount),
      salesUSD: fromMinor(amount),
      amount: fromMinor(amount),
      orders,
      refunds: fromMinor(refunds),
    })),
    configWarnings: [...configWarnings],
  };
}
