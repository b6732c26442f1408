import {
  listOrdersOfUser,
  listReturnsOfOrder,
  type ReadModelsDb,
  type StoredReturnLine,
} from '@shop/projections';
import type { BoughtLine } from './eligibility';

/**
 * Every line of a customer's orders, with the units refunded by her returns: what the review rules
 * judge. Returns are read only for delivered orders, the only ones a review can be of.
 */
export function boughtLinesOf(db: ReadModelsDb, userId: string): BoughtLine[] {
  return listOrdersOfUser(db, { userId }).flatMap(({ order, items }) => {
    const refunded = order.status === 'Delivered' ? refundedUnits(db, order.id) : new Map<string, number>();
    return items.map((item) => ({
      orderId: order.id,
      lineId: item.id,
      reference: order.reference,
      productId: item.product_id,
      name: item.name,
      size: item.size,
      status: order.status,
      deliveredAt: order.delivered_at,
      qty: item.qty,
      refundedQty: refunded.get(item.id) ?? 0,
    }));
  });
}

/** Units refunded per order line, over the order's refunded returns. */
function refundedUnits(db: ReadModelsDb, orderId: string): Map<string, number> {
  const units = new Map<string, number>();
  for (const row of listReturnsOfOrder(db, { orderId })) {
    if (row.status !== 'Refunded') continue;
    for (const line of JSON.parse(row.items) as StoredReturnLine[]) {
      units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.qty);
    }
  }
  return units;
}
