import {
  addDays,
  daysInRange,
  fromMinor,
  type SalesFigures,
  type SalesReport,
  type SalesReportGrouping,
} from '@shop/contracts';
import { type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { daysBetween, isoWeek } from '../metrics/days';
import { NO_AFFILIATE, PAID_ONLINE } from './projector';
import type { SalesDimension } from './tables';

/** A group's sums, money in minor units. */
export interface SalesSums {
  key: string;
  label: string;
  orders: number;
  units: number;
  gross: number;
  discounts: number;
  refunds: number;
}

/** The daily sums each grouping reads, and the expression it groups them by: a fixed list, never the caller's text. */
const GROUP_BY: Record<SalesReportGrouping, { dimension: SalesDimension; key: string }> = {
  day: { dimension: 'all', key: 'day' },
  week: { dimension: 'all', key: 'week' },
  month: { dimension: 'all', key: 'substr(day, 1, 7)' },
  category: { dimension: 'category', key: 'key' },
  product: { dimension: 'product', key: 'key' },
  affiliate: { dimension: 'affiliate', key: 'key' },
  city: { dimension: 'city', key: 'key' },
  paymentMethod: { dimension: 'paymentMethod', key: 'key' },
};

/** Each sum of the daily rows, 0 over none. */
const SUMS = [
  sql<number>`coalesce(sum(orders), 0)`.as('orders'),
  sql<number>`coalesce(sum(units), 0)`.as('units'),
  sql<number>`coalesce(sum(gross), 0)`.as('gross'),
  sql<number>`coalesce(sum(discount), 0)`.as('discounts'),
  sql<number>`coalesce(sum(refund), 0)`.as('refunds'),
];

/** The daily rows of one dimension from `from` to `to` (both included). */
function dailyRows(db: ReadModelsDb, dimension: SalesDimension, range: { from: string; to: string }) {
  return db.qb
    .selectFrom('sales_daily')
    .where('dimension', '=', dimension)
    .where(sql<SqlBool>`day between ${range.from} and ${range.to}`);
}

/** The sums of the days `from` to `to` (both included), one per group, in no particular order. */
function salesSums(
  db: ReadModelsDb,
  args: { from: string; to: string; by: SalesReportGrouping },
): SalesSums[] {
  const group = GROUP_BY[args.by];
  const key = sql.raw<string>(group.key);
  // A period is its own label; a product renamed within the range shows one of its names. A key whose
  // only order was cancelled sums to nothing and is left out.
  const label = group.dimension === 'all' ? key : sql<string>`max(label)`;
  return db.all(
    dailyRows(db, group.dimension, args)
      .select([key.as('key'), label.as('label'), ...SUMS])
      .groupBy(key)
      .having(
        sql<SqlBool>`sum(orders) <> 0 or sum(units) <> 0 or sum(gross) <> 0 or sum(discount) <> 0 or sum(refund) <> 0`,
      ),
  );
}

/** The sums of the whole shop over the days `from` to `to`. */
function salesTotal(db: ReadModelsDb, args: { from: string; to: string }): SalesSums {
  const total = db.first(
    dailyRows(db, 'all', args).select([
      sql<string>`'total'`.as('key'),
      sql<string>`'Total'`.as('label'),
      ...SUMS,
    ]),
  );
  // An aggregate without GROUP BY always answers one row.
  return total!;
}

const TIME_GROUPINGS: Partial<Record<SalesReportGrouping, (day: string) => string>> = {
  day: (day) => day,
  week: isoWeek,
  month: (day) => day.slice(0, 7),
};

/** How each order was paid: JazzCash online, a manual transfer (proven in the shop or marked paid), COD. */
const PAYMENT_LABELS: Readonly<Record<string, string>> = {
  COD: 'Cash on delivery',
  Card: 'Manual transfer',
  [PAID_ONLINE]: 'JazzCash online',
};

/** What a reader sees for a key that is not its own label. */
function labelOf(by: SalesReportGrouping, sums: SalesSums): string {
  if (by === 'affiliate' && sums.key === NO_AFFILIATE) return 'No affiliate';
  if (by === 'paymentMethod') return PAYMENT_LABELS[sums.key] ?? sums.label;
  return sums.label;
}

/** Minor-unit sums as the API answers them: PKR decimals, net and the average order value worked out. */
function salesFigures(sums: SalesSums): SalesFigures {
  const net = sums.gross - sums.discounts - sums.refunds;
  return {
    key: sums.key,
    label: sums.label,
    orders: sums.orders,
    units: sums.units,
    gross: fromMinor(sums.gross),
    discounts: fromMinor(sums.discounts),
    refunds: fromMinor(sums.refunds),
    net: fromMinor(net),
    averageOrderValue:
      sums.orders === 0 ? 0 : fromMinor(Math.round((sums.gross - sums.discounts) / sums.orders)),
  };
}

const empty = (key: string): SalesSums => ({
  key,
  label: key,
  orders: 0,
  units: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
});

/**
 * `GET /api/admin/reports/sales`: the rows of the range, grouped; by day, week or month every period
 * of the range has a row (oldest first), otherwise the groups that sold, best net first. `previous` is
 * the total of the same number of days just before `from`.
 */
export function salesReport(
  db: ReadModelsDb,
  args: { from: string; to: string; by: SalesReportGrouping },
): SalesReport {
  const found = salesSums(db, args).map((sums) => ({ ...sums, label: labelOf(args.by, sums) }));
  const period = TIME_GROUPINGS[args.by];
  let rows: SalesSums[];
  if (period) {
    const byKey = new Map(found.map((sums) => [sums.key, sums]));
    const keys = [...new Set(daysBetween(args.from, args.to).map(period))];
    rows = keys.map((key) => byKey.get(key) ?? empty(key));
  } else {
    const net = (sums: SalesSums) => sums.gross - sums.discounts - sums.refunds;
    rows = found.sort((a, b) => net(b) - net(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
  const length = daysInRange(args.from, args.to);
  const previous = { from: addDays(args.from, -length), to: addDays(args.from, -1) };
  return {
    from: args.from,
    to: args.to,
    by: args.by,
    rows: rows.map(salesFigures),
    total: salesFigures(salesTotal(db, args)),
    previous: salesFigures(salesTotal(db, previous)),
  };
}
