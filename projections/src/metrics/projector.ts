import type { HeldBackKind, HeldBackWrites, ReadModelsDb } from '../db/database';
import { prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import { calendarDay } from './days';
import type { MetricsOrdersTable } from './tables';

export const statusCounter = (status: string) => `status:${status}`;

/** What one day's row adds up, minor units: sales net of refunds, orders placed, refunds made. */
interface DaySums {
  amount: number;
  orders: number;
  refunds: number;
}

const sql = {
  insertOrder: prepareQuery<MetricsOrdersTable>((qb, arg) =>
    qb
      .insertInto('metrics_orders')
      .values({ order_id: arg('order_id'), day: arg('day'), total_price: arg('total_price') }),
  ),
  findOrder: prepareQuery<{ orderId: string }, MetricsOrdersTable>((qb, arg) =>
    qb.selectFrom('metrics_orders').selectAll().where('order_id', '=', arg('orderId')),
  ),
  // Written once per counter and day at a commit (MetricsSums), so not deferred again.
  count: prepareQuery<{ name: string; delta: number }>((qb, arg) =>
    qb
      .insertInto('metrics_counters')
      .values({ name: arg('name'), value: arg('delta') })
      .onConflict((c) =>
        c.column('name').doUpdateSet((eb) => ({ value: eb('metrics_counters.value', '+', arg('delta')) })),
      ),
  ),
  addToDay: prepareQuery<DaySums & { day: string }>((qb, arg) =>
    qb
      .insertInto('metrics_daily_sales')
      .values({ day: arg('day'), amount: arg('amount'), orders: arg('orders'), refunds: arg('refunds') })
      .onConflict((c) =>
        c.column('day').doUpdateSet((eb) => ({
          amount: eb('metrics_daily_sales.amount', '+', arg('amount')),
          orders: eb('metrics_daily_sales.orders', '+', arg('orders')),
          refunds: eb('metrics_daily_sales.refunds', '+', arg('refunds')),
        })),
      ),
  ),
};

const on = {
  OrderPlaced(e, db) {
    const day = calendarDay(e.at);
    db.run(sql.insertOrder, { order_id: e.orderId, day, total_price: e.totalPrice });
    const sums = db.heldBack(metricsSums);
    sums.addToDay(day, { amount: e.totalPrice, orders: 1, refunds: 0 });
    sums.count('orders', 1);
    sums.count(statusCounter('Pending'), 1);
  },
  StatusChanged(e, db) {
    const sums = db.heldBack(metricsSums);
    sums.count(statusCounter(e.from), -1);
    sums.count(statusCounter(e.to), 1);
    if (e.paid) sums.count('paid', 1);
    // A parcel refused at the door was never paid for: it leaves the sales like a cancellation.
    if (e.to === 'Cancelled' || e.to === 'Refused') {
      const order = db.first(sql.findOrder, { orderId: e.orderId });
      if (!order) throw new Error(`${e.to} an unknown order ${e.orderId}`);
      sums.addToDay(order.day, { amount: -order.total_price, orders: -1, refunds: 0 });
    }
  },
  /** A refund counts on the day it is made, whenever its order was placed. */
  ReturnRefunded(e, db) {
    db.heldBack(metricsSums).addToDay(calendarDay(e.at), { amount: -e.amount, orders: 0, refunds: e.amount });
  },
} satisfies EventHandlers;

/**
 * The dashboard's read model: order counts by current status, paid orders, and sales per day in the
 * shop's time zone (the order's total on the day it was placed, taken back out when it is cancelled or refused;
 * a refund taken out on the day it is made).
 */
export const metricsProjector = projectorOf({
  name: 'metrics',
  tables: ['metrics_counters', 'metrics_daily_sales', 'metrics_orders'],
  statements: sql,
  on,
});

/**
 * The transaction's counter and daily-sales changes, summed per counter and day: a counter moves with
 * nearly every event, and one write per counter and day is what the transaction leaves. Every one
 * touched is written, a sum of 0 too, so the rows do not depend on where a transaction ends.
 */
class MetricsSums implements HeldBackWrites {
  readonly #counters = new Map<string, number>();
  readonly #days = new Map<string, DaySums>();

  count(name: string, delta: number): void {
    this.#counters.set(name, (this.#counters.get(name) ?? 0) + delta);
  }

  addToDay(day: string, change: DaySums): void {
    const sums = this.#days.get(day);
    if (sums) {
      sums.amount += change.amount;
      sums.orders += change.orders;
      sums.refunds += change.refunds;
    } else {
      this.#days.set(day, { ...change });
    }
  }

  flush(db: ReadModelsDb): void {
    for (const [name, delta] of this.#counters) db.run(sql.count, { name, delta });
    for (const [day, sums] of this.#days) db.run(sql.addToDay, { day, ...sums });
  }
}

const metricsSums: HeldBackKind<MetricsSums> = { create: () => new MetricsSums() };
