import { shareByWeight } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { prepareQuery } from '../db/prepared-query';
import { calendarDay, isoWeek } from '../metrics/days';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type { SalesDailyTable, SalesDimension, SalesFactsTable } from './tables';

/** The payment method key of the orders paid online through JazzCash, in the facts and in reports. */
export const PAID_ONLINE = 'jazzcash';

/** The key of the orders without an affiliate, in the facts and in reports. */
export const NO_AFFILIATE = '(none)';

const lineRef = (lineId: string) => `line:${lineId}`;

const sql = {
  insertFact: prepareQuery<SalesFactsTable>((qb, arg) =>
    qb.insertInto('sales_facts').values({
      order_id: arg('order_id'),
      ref: arg('ref'),
      is_sale: arg('is_sale'),
      day: arg('day'),
      week: arg('week'),
      product_id: arg('product_id'),
      product_name: arg('product_name'),
      category: arg('category'),
      affiliate: arg('affiliate'),
      city: arg('city'),
      payment_method: arg('payment_method'),
      units: arg('units'),
      gross: arg('gross'),
      discount: arg('discount'),
      refund: arg('refund'),
    }),
  ),
  findFact: prepareQuery<{ orderId: string; ref: string }, SalesFactsTable>((qb, arg) =>
    qb
      .selectFrom('sales_facts')
      .selectAll()
      .where('order_id', '=', arg('orderId'))
      .where('ref', '=', arg('ref')),
  ),
  factsOfOrder: prepareQuery<{ orderId: string }, SalesFactsTable>((qb, arg) =>
    qb.selectFrom('sales_facts').selectAll().where('order_id', '=', arg('orderId')),
  ),
  setPaymentMethod: prepareQuery<{ orderId: string; paymentMethod: string }>((qb, arg) =>
    qb
      .updateTable('sales_facts')
      .set({ payment_method: arg('paymentMethod') })
      .where('order_id', '=', arg('orderId')),
  ),
  deleteOrder: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb.deleteFrom('sales_facts').where('order_id', '=', arg('orderId')),
  ),
  addToDaily: prepareQuery<SalesDailyTable>((qb, arg) =>
    qb
      .insertInto('sales_daily')
      .values({
        dimension: arg('dimension'),
        day: arg('day'),
        key: arg('key'),
        week: arg('week'),
        label: arg('label'),
        orders: arg('orders'),
        units: arg('units'),
        gross: arg('gross'),
        discount: arg('discount'),
        refund: arg('refund'),
      })
      .onConflict((c) =>
        c.columns(['dimension', 'day', 'key']).doUpdateSet((eb) => ({
          label: eb.ref('excluded.label'),
          orders: eb('sales_daily.orders', '+', eb.ref('excluded.orders')),
          units: eb('sales_daily.units', '+', eb.ref('excluded.units')),
          gross: eb('sales_daily.gross', '+', eb.ref('excluded.gross')),
          discount: eb('sales_daily.discount', '+', eb.ref('excluded.discount')),
          refund: eb('sales_daily.refund', '+', eb.ref('excluded.refund')),
        })),
      ),
  ),
};

/** Each dimension's key of a fact; `all` sums the whole shop. */
const DIMENSIONS: Record<SalesDimension, (fact: SalesFactsTable) => string> = {
  all: () => '',
  category: (fact) => fact.category,
  product: (fact) => fact.product_id,
  affiliate: (fact) => fact.affiliate,
  city: (fact) => fact.city,
  paymentMethod: (fact) => fact.payment_method,
};

/**
 * Adds one order's facts (or, with `sign` -1, takes them back out) to the daily sums of every
 * dimension: per day and key, the order counts once if it has a sale line there.
 */
function addToDaily(db: ReadModelsDb, facts: readonly SalesFactsTable[], sign: 1 | -1): void {
  for (const [dimension, keyOf] of Object.entries(DIMENSIONS) as [
    SalesDimension,
    (f: SalesFactsTable) => string,
  ][]) {
    const sums = new Map<string, SalesDailyTable>();
    for (const fact of facts) {
      const key = keyOf(fact);
      const id = `${fact.day}\u0000${key}`;
      let sum = sums.get(id);
      if (!sum) {
        sum = {
          dimension,
          day: fact.day,
          key,
          week: fact.week,
          label: dimension === 'product' ? fact.product_name : key,
          orders: 0,
          units: 0,
          gross: 0,
          discount: 0,
          refund: 0,
        };
        sums.set(id, sum);
      }
      if (fact.is_sale === 1) sum.orders = sign;
      sum.units += sign * fact.units;
      sum.gross += sign * fact.gross;
      sum.discount += sign * fact.discount;
      sum.refund += sign * fact.refund;
    }
    for (const sum of sums.values()) db.run(sql.addToDaily, sum);
  }
}

const on = {
  OrderPlaced(e, db) {
    const day = calendarDay(e.at);
    const week = isoWeek(day);
    const discounts = shareByWeight(
      e.discount,
      e.lines.map((line) => line.unitPrice * line.qty),
    );
    const facts = e.lines.map(
      (line, index): SalesFactsTable => ({
        order_id: e.orderId,
        ref: lineRef(line.lineId),
        is_sale: 1,
        day,
        week,
        product_id: line.productId,
        product_name: line.name,
        category: line.category,
        affiliate: e.affiliateCode ?? NO_AFFILIATE,
        city: e.shippingAddress.city,
        payment_method: e.paymentMethod,
        units: line.qty,
        gross: line.unitPrice * line.qty,
        discount: discounts[index] ?? 0,
        refund: 0,
      }),
    );
    for (const fact of facts) db.run(sql.insertFact, fact);
    addToDaily(db, facts, 1);
  },
  /** A cancelled order, or a parcel refused at the door, was never a sale: its facts go, refunds too. */
  StatusChanged(e, db) {
    if (e.to !== 'Cancelled' && e.to !== 'Refused') return;
    addToDaily(db, db.all(sql.factsOfOrder, { orderId: e.orderId }), -1);
    db.run(sql.deleteOrder, { orderId: e.orderId });
  },
  /**
   * An order paid online through JazzCash moves, with its refunds, from the method it was placed
   * with to `jazzcash`: the reports split sales by how they were paid.
   */
  PaymentSucceeded(e, db) {
    const facts = db.all(sql.factsOfOrder, { orderId: e.orderId });
    if (facts.length === 0) return;
    addToDaily(db, facts, -1);
    db.run(sql.setPaymentMethod, { orderId: e.orderId, paymentMethod: PAID_ONLINE });
    addToDaily(
      db,
      facts.map((fact) => ({ ...fact, payment_method: PAID_ONLINE })),
      1,
    );
  },
  ReturnRefunded(e, db) {
    const day = calendarDay(e.at);
    const facts: SalesFactsTable[] = [];
    for (const item of e.items) {
      const sale = db.first(sql.findFact, { orderId: e.orderId, ref: lineRef(item.orderItemId) });
      // A cancelled or refused order has no facts left, and its refunds stay out with it.
      if (!sale) continue;
      facts.push({
        ...sale,
        ref: `refund:${e.returnId}:${item.orderItemId}`,
        is_sale: 0,
        day,
        week: isoWeek(day),
        category: item.category,
        units: 0,
        gross: 0,
        discount: 0,
        refund: item.refund,
      });
    }
    for (const fact of facts) db.run(sql.insertFact, fact);
    addToDaily(db, facts, 1);
  },
} satisfies EventHandlers;

/**
 * The sales reports' read model: a fact per order line and per refunded line, with the dimensions
 * a report groups by (day, week, category, product, affiliate, city, payment method).
 */
export const salesProjector = projectorOf({
  name: 'sales',
  tables: ['sales_facts', 'sales_daily'],
  statements: sql,
  on,
});
