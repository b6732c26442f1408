import type { EventType } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import { prepareQuery } from '../prepared-query';
import type { Projector } from '../projector';
import { calendarDay } from './days';
import type { MetricsOrdersTable } from './tables';

const handles = ['OrderPlaced', 'StatusChanged'] as const satisfies readonly EventType[];

export const statusCounter = (status: string) => `status:${status}`;

const sql = {
  insertOrder: prepareQuery<MetricsOrdersTable>((qb, arg) =>
    qb
      .insertInto('metrics_orders')
      .values({ order_id: arg('order_id'), day: arg('day'), total_price: arg('total_price') }),
  ),
  findOrder: prepareQuery<{ orderId: string }, MetricsOrdersTable>((qb, arg) =>
    qb.selectFrom('metrics_orders').selectAll().where('order_id', '=', arg('orderId')),
  ),
  count: prepareQuery<{ name: string; delta: number }>(
    (qb, arg) =>
      qb
        .insertInto('metrics_counters')
        .values({ name: arg('name'), value: arg('delta') })
        .onConflict((c) =>
          c.column('name').doUpdateSet((eb) => ({ value: eb('metrics_counters.value', '+', arg('delta')) })),
        ),
    { addsUp: ['delta'] },
  ),
  addToDay: prepareQuery<{ day: string; amount: number; orders: number }>(
    (qb, arg) =>
      qb
        .insertInto('metrics_daily_sales')
        .values({ day: arg('day'), amount: arg('amount'), orders: arg('orders') })
        .onConflict((c) =>
          c.column('day').doUpdateSet((eb) => ({
            amount: eb('metrics_daily_sales.amount', '+', arg('amount')),
            orders: eb('metrics_daily_sales.orders', '+', arg('orders')),
          })),
        ),
    { addsUp: ['amount', 'orders'] },
  ),
};

/**
 * The dashboard's read model: order counts by current status, paid orders, and sales per day in the
 * shop's time zone (the order's total on the day it was placed, taken back out when it is cancelled).
 */
export const metricsProjector: Projector = {
  name: 'metrics',
  tables: ['metrics_counters', 'metrics_daily_sales', 'metrics_orders'],
  handles,
  statements: sql,
  apply(event, db) {
    switch (event.type as (typeof handles)[number]) {
      case 'OrderPlaced': {
        const e = dataOf(event, 'OrderPlaced');
        const day = calendarDay(e.at);
        db.run(sql.insertOrder, { order_id: e.orderId, day, total_price: e.totalPrice });
        addToDay(db, day, e.totalPrice, 1);
        count(db, 'orders', 1);
        count(db, statusCounter('Pending'), 1);
        return;
      }
      case 'StatusChanged': {
        const e = dataOf(event, 'StatusChanged');
        count(db, statusCounter(e.from), -1);
        count(db, statusCounter(e.to), 1);
        if (e.paid) count(db, 'paid', 1);
        if (e.to === 'Cancelled') {
          const order = db.first(sql.findOrder, { orderId: e.orderId });
          if (!order) throw new Error(`Cancelled an unknown order ${e.orderId}`);
          addToDay(db, order.day, -order.total_price, -1);
        }
        return;
      }
      default:
        throw new Error(`The metrics projector does not handle ${event.type}`);
    }
  },
};

function count(db: ReadModelsDb, name: string, delta: number): void {
  db.run(sql.count, { name, delta });
}

function addToDay(db: ReadModelsDb, day: string, amount: number, orders: number): void {
  db.run(sql.addToDay, { day, amount, orders });
}
