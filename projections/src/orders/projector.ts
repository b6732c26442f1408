import type { EventData, EventType } from '@shop/contracts';
import type { ReadModelsDb } from '../db';
import { dataOf } from '../event-data';
import type { Projector } from '../projector';

const handles = [
  'OrderPlaced',
  'StatusChanged',
  'StockReserved',
  'StockReleased',
] as const satisfies readonly EventType[];

/**
 * The orders read model: each order as it stands, its lines, every status change (who, when), and
 * the stock each order still holds, so the sweep finds what a crash left behind without a log scan.
 */
export const ordersProjector: Projector = {
  name: 'orders',
  tables: ['orders', 'order_items', 'order_status_changes', 'open_reservations'],
  handles,
  apply(event, db) {
    switch (event.type as (typeof handles)[number]) {
      case 'OrderPlaced':
        return placed(db, dataOf(event, 'OrderPlaced'));
      case 'StatusChanged':
        return statusChanged(db, dataOf(event, 'StatusChanged'));
      case 'StockReserved': {
        const e = dataOf(event, 'StockReserved');
        db.run(
          db.qb
            .insertInto('open_reservations')
            .values({
              order_id: e.orderId,
              product_id: e.productId,
              qty: e.qty,
              reserved_at: e.at,
              order_state: 'unplaced',
              state_at: e.at,
            })
            .onConflict((c) =>
              c
                .columns(['order_id', 'product_id'])
                .doUpdateSet((eb) => ({ qty: eb('open_reservations.qty', '+', e.qty) })),
            ),
        );
        return;
      }
      case 'StockReleased': {
        const e = dataOf(event, 'StockReleased');
        db.run(
          db.qb
            .updateTable('open_reservations')
            .set((eb) => ({ qty: eb('qty', '-', e.qty) }))
            .where('order_id', '=', e.orderId)
            .where('product_id', '=', e.productId),
        );
        db.run(db.qb.deleteFrom('open_reservations').where('order_id', '=', e.orderId).where('qty', '<=', 0));
        return;
      }
      default:
        throw new Error(`The orders projector does not handle ${event.type}`);
    }
  },
};

function placed(db: ReadModelsDb, e: EventData<'OrderPlaced'>): void {
  const address = e.shippingAddress;
  db.run(
    db.qb.insertInto('orders').values({
      id: e.orderId,
      user_id: e.userId,
      status: 'Pending',
      is_paid: 0,
      paid_at: null,
      is_delivered: 0,
      delivered_at: null,
      payment_method: e.paymentMethod,
      ship_full_name: address.fullName,
      ship_address: address.address,
      ship_city: address.city,
      ship_postal_code: address.postalCode,
      ship_country: address.country,
      ship_phone: address.phone,
      items_price: e.itemsPrice,
      discount: e.discount,
      shipping_price: e.shippingPrice,
      total_price: e.totalPrice,
      affiliate_code: e.affiliateCode,
      affiliate_user_id: e.affiliateUserId,
      created_at: e.at,
      updated_at: e.at,
    }),
  );
  db.run(
    db.qb.insertInto('order_items').values(
      e.lines.map((line, index) => ({
        id: line.lineId,
        order_id: e.orderId,
        line_no: index,
        product_id: line.productId,
        name: line.name,
        image: line.image,
        category: line.category,
        unit_price: line.unitPrice,
        qty: line.qty,
        size: line.size,
      })),
    ),
  );
  db.run(
    db.qb
      .updateTable('open_reservations')
      .set({ order_state: 'placed', state_at: e.at })
      .where('order_id', '=', e.orderId),
  );
}

function statusChanged(db: ReadModelsDb, e: EventData<'StatusChanged'>): void {
  const order = db.first(
    db.qb.selectFrom('orders').select(['is_paid', 'is_delivered']).where('id', '=', e.orderId),
  );
  if (!order) throw new Error(`StatusChanged for unknown order ${e.orderId}`);
  const becomesPaid = e.paid && order.is_paid === 0;
  const becomesDelivered = e.delivered && order.is_delivered === 0;
  db.run(
    db.qb
      .updateTable('orders')
      .set({
        status: e.to,
        updated_at: e.at,
        ...(becomesPaid ? { is_paid: 1, paid_at: e.at } : {}),
        ...(becomesDelivered ? { is_delivered: 1, delivered_at: e.at } : {}),
      })
      .where('id', '=', e.orderId),
  );
  const last = db.first(
    db.qb
      .selectFrom('order_status_changes')
      .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
      .where('order_id', '=', e.orderId),
  );
  db.run(
    db.qb.insertInto('order_status_changes').values({
      order_id: e.orderId,
      seq: (last?.seq ?? 0) + 1,
      from_status: e.from,
      to_status: e.to,
      by_user_id: e.by,
      at: e.at,
    }),
  );
  if (e.to === 'Delivered') {
    db.run(db.qb.deleteFrom('open_reservations').where('order_id', '=', e.orderId));
  } else if (e.to === 'Cancelled') {
    db.run(
      db.qb
        .updateTable('open_reservations')
        .set({ order_state: 'cancelled', state_at: e.at })
        .where('order_id', '=', e.orderId),
    );
  }
}
