import { shareByWeight } from '@shop/contracts';
import { calendarDay, isoWeek } from '../metrics/days';
import { prepareQuery } from '../prepared-query';
import { type EventHandlers, projectorOf } from '../projector';
import type { SalesFactsTable } from './tables';

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
  deleteOrder: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb.deleteFrom('sales_facts').where('order_id', '=', arg('orderId')),
  ),
};

const on = {
  OrderPlaced(e, db) {
    const day = calendarDay(e.at);
    const week = isoWeek(day);
    const discounts = shareByWeight(
      e.discount,
      e.lines.map((line) => line.unitPrice * line.qty),
    );
    e.lines.forEach((line, index) => {
      db.run(sql.insertFact, {
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
      });
    });
  },
  StatusChanged(e, db) {
    if (e.to === 'Cancelled') db.run(sql.deleteOrder, { orderId: e.orderId });
  },
  ReturnRefunded(e, db) {
    const day = calendarDay(e.at);
    for (const item of e.items) {
      const sale = db.first(sql.findFact, { orderId: e.orderId, ref: lineRef(item.orderItemId) });
      // A cancelled order has no facts left, and its refunds stay out with it.
      if (!sale) continue;
      db.run(sql.insertFact, {
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
  },
} satisfies EventHandlers;

/**
 * The sales reports' read model: a fact per order line and per refunded line, with the dimensions
 * a report groups by (day, week, category, product, affiliate, city, payment method).
 */
export const salesProjector = projectorOf({
  name: 'sales',
  tables: ['sales_facts'],
  statements: sql,
  on,
});
