import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { daysEndingWith } from './days';
import { statusCounter } from './projector';

export interface OrderCounts {
  total: number;
  pending: number;
  paid: number;
  delivered: number;
  cancelled: number;
  /** Every order counted once, under its current status: these add up to `total`. */
  byStatus: Record<OrderStatus, number>;
  /** Paid or being prepared (Processing), not yet dispatched. */
  toShip: number;
  /** Manual transfers not yet marked paid, and not cancelled. */
  awaitingPayment: number;
}

/**
 * Order counts for the dashboard. `byStatus` partitions the orders by current status (`pending`,
 * `delivered` and `cancelled` are three of them); `paid` counts orders marked paid (isPaid), whatever
 * status they have moved on to, so it overlaps the others and is kept for the spec's contract.
 */
export function orderCounts(db: ReadModelsDb): OrderCounts {
  const rows = db.all(db.qb.selectFrom('metrics_counters').selectAll());
  const value = (name: string) => rows.find((row) => row.name === name)?.value ?? 0;
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, value(statusCounter(status))]),
  ) as Record<OrderStatus, number>;
  const awaiting = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payment_method', '=', 'Card')
      .where('is_paid', '=', 0)
      .where('status', '!=', 'Cancelled'),
  );
  return {
    total: value('orders'),
    pending: byStatus.Pending,
    paid: value('paid'),
    delivered: byStatus.Delivered,
    cancelled: byStatus.Cancelled,
    byStatus,
    toShip: byStatus.Paid + byStatus.Processing,
    awaitingPayment: awaiting?.n ?? 0,
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
