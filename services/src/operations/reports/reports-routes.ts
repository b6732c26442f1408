import {
  SALES_REPORT_GROUPING_LABELS,
  type SalesReport,
  SalesReportQuery,
  shareOfTotal,
} from '@shop/contracts';
import { readAsOf, salesProjector, salesReport } from '@shop/projections';
import { stringify } from 'csv-stringify/sync';
import { Hono } from 'hono';
import { replayAsOf } from '../../platform/http/as-of';
import { type AuthEnv, requireAdmin } from '../../platform/http/auth';
import { neutralisedText } from '../../platform/http/streamed';
import { validate } from '../../platform/http/validate';
import type { ShopDeps } from '../../shop-deps';

/** The report as its CSV: the rows the screen shows, then the total; text that a spreadsheet would run is neutralised. */
export function salesReportCsv(report: SalesReport): string {
  const heading = [
    SALES_REPORT_GROUPING_LABELS[report.by],
    'Orders',
    'Units',
    'Gross sales',
    'Discounts',
    'Refunds',
    'Net sales',
    'Average order value',
    'Share of total (%)',
  ];
  const cells = [...report.rows, report.total].map((row) => [
    neutralisedText(row.label),
    row.orders,
    row.units,
    row.gross.toFixed(2),
    row.discounts.toFixed(2),
    row.refunds.toFixed(2),
    row.net.toFixed(2),
    row.averageOrderValue.toFixed(2),
    shareOfTotal(row, report.total).toFixed(1),
  ]);
  return stringify([heading, ...cells]);
}

/**
 * Sales reports for analysts (docs/rules/reports.md#sales-report): from the sales facts read model, or with
 * `asOf` from the log replayed up to that moment into a throwaway copy of it.
 */
export function reportsRoutes(deps: ShopDeps) {
  return new Hono<AuthEnv>().get(
    '/admin/reports/sales',
    requireAdmin(deps),
    validate('query', SalesReportQuery),
    async (c) => {
      const { format, asOf, ...range } = c.req.valid('query');
      const report: SalesReport = asOf
        ? {
            ...(await replayAsOf(deps, c.var.caller.id, asOf, (then) =>
              readAsOf(deps.store, then, [salesProjector], (db) => salesReport(db, range)),
            )),
            asOf,
          }
        : salesReport(deps.readModels, range);
      if (format === 'json') return c.json(report);
      return c.body(salesReportCsv(report), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="sales-by-${range.by}-${range.from}-to-${range.to}.csv"`,
      });
    },
  );
}
