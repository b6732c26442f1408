import {
  addDays,
  daysInRange,
  fromMinor,
  type SalesFigures,
  type SalesReport,
  type SalesReportGrouping,
} from '@shop/contracts';
import type Database from 'better-sqlite3';
import type { ReadModelsDb } from '../database';
import { daysBetween, isoWeek } from '../metrics/days';
import { NO_AFFILIATE } from './projector';

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

/** The column (or expression) each grouping groups by; a fixed list, never the caller's text. */
const GROUP_BY: Record<SalesReportGrouping, { key: string; label: string }> = {
  day: { key: 'day', label: 'day' },
  week: { key: 'week', label: 'week' },
  month: { key: 'substr(day, 1, 7)', label: 'substr(day, 1, 7)' },
  category: { key: 'category', label: 'category' },
  product: { key: 'product_id', label: 'max(product_name)' },
  affiliate: { key: 'affiliate', label: 'affiliate' },
  city: { key: 'city', label: 'city' },
  paymentMethod: { key: 'payment_method', label: 'payment_method' },
};

const SUMS = `count(DISTINCT CASE WHEN is_sale = 1 THEN order_id END) AS orders,
  coalesce(sum(units), 0) AS units, coalesce(sum(gross), 0) AS gross,
  coalesce(sum(discount), 0) AS discounts, coalesce(sum(refund), 0) AS refunds`;

type Statement = Database.Statement<string[], unknown>;
const statements = new WeakMap<ReadModelsDb, Map<string, Statement>>();

function statement(db: ReadModelsDb, text: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let prepared = cache.get(text);
  if (!prepared) {
    prepared = db.sqlite.prepare<string[], unknown>(text);
    cache.set(text, prepared);
  }
  return prepared;
}

/** The sums of the facts dated `from` to `to` (both included), one per group, in no particular order. */
export function salesSums(
  db: ReadModelsDb,
  args: { from: string; to: string; by: SalesReportGrouping },
): SalesSums[] {
  const group = GROUP_BY[args.by];
  const text = `SELECT ${group.key} AS key, ${group.label} AS label, ${SUMS}
    FROM sales_facts WHERE day BETWEEN ? AND ? GROUP BY ${group.key}`;
  return statement(db, text).all(args.from, args.to) as SalesSums[];
}

/** The sums of every fact dated `from` to `to`: orders counted once however many groups they fall in. */
export function salesTotal(db: ReadModelsDb, args: { from: string; to: string }): SalesSums {
  const text = `SELECT 'total' AS key, 'Total' AS label, ${SUMS} FROM sales_facts WHERE day BETWEEN ? AND ?`;
  return statement(db, text).get(args.from, args.to) as SalesSums;
}

const TIME_GROUPINGS: Partial<Record<SalesReportGrouping, (day: string) => string>> = {
  day: (day) => day,
  week: isoWeek,
  month: (day) => day.slice(0, 7),
};

/** What a reader sees for a key that is not its own label. */
function labelOf(by: SalesReportGrouping, sums: SalesSums): string {
  if (by === 'affiliate' && sums.key === NO_AFFILIATE) return 'No affiliate';
  if (by === 'paymentMethod' && sums.key === 'COD') return 'Cash on delivery';
  return sums.label;
}

/** Minor-unit sums as the API answers them: PKR decimals, net and the average order value worked out. */
export function salesFigures(sums: SalesSums): SalesFigures {
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
