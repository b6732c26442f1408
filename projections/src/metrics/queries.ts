import type { ReadModelsDb } from '../database';
import { daysEndingWith } from './days';
import { statusCounter } from './projector';

export interface OrderCounts {
  total: number;
  pending: number;
  paid: number;
  delivered: number;
  cancelled: number;
}

/**
 * Order counts for the dashboard. `pending`, `delivered` and `cancelled` count orders by their
 * current status; `paid` counts orders marked paid (isPaid), whatever status they have moved on to.
 */
export function orderCounts(db: ReadModelsDb): OrderCounts {
  const rows = db.all(db.qb.selectFrom('metrics_counters').selectAll());
  const value = (name: string) => rows.find((row) => row.name === name)?.value ?? 0;
  return {
    total: value('orders'),
    pending: value(statusCounter('Pending')),
    paid: value('paid'),
    delivered: value(statusCounter('Delivered')),
    cancelled: value(statusCounter('Cancelled')),
  };
}

export interface DailySales {
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  /** Minor units: the day's sales net of the refunds made that day. */
  amount: number;
  orders: number;
  /** Minor units: refunds made that day. */
  refunds: number;
}

/** One point per calendar day, the `days` ending with `lastDay`, oldest first; days without sales are zero. */
export function dailySales(db: ReadModelsDb, args: { lastDay: string; days: number }): DailySales[] {
  const days = daysEndingWith(args.lastDay, args.days);
  const rows = db.all(
    db.qb
      .selectFrom('metrics_daily_sales')
      .selectAll()
      .where('day', '>=', days[0] ?? args.lastDay)
      .where('day', '<=', args.lastDay),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({
    day,
    amount: byDay.get(day)?.amount ?? 0,
    orders: byDay.get(day)?.orders ?? 0,
    refunds: byDay.get(day)?.refunds ?? 0,
  }));
}
