import { type EventData, phoneKey } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { calendarDay } from '../metrics/days';
import { type EventHandlers, projectorOf } from '../runner/projector';
import { orderCountSums, unplacedReservations } from './held-back-writes';
import { statements } from './statements';
import type { StoredOrderChange, StoredOrderLine } from './tables';

const on = {
  OrderPlaced(e, db) {
    placed(db, e);
  },
  StatusChanged(e, db, event) {
    statusChanged(db, e, event.position);
  },
  OrderNoteAdded(e, db, event) {
    db.run(statements.insertNote, {
      order_id: e.orderId,
      seq: event.position,
      note_id: e.noteId,
      text: e.text,
      by_user_id: e.by,
      at: e.at,
    });
  },
  OrderConfirmed(e, db) {
    db.run(statements.confirm, {
      orderId: e.orderId,
      confirmation_at: e.at,
      confirmation_by: e.by,
      confirmation_channel: e.channel,
      confirmation_note: e.note ?? null,
    });
  },
  OrderConfirmationReminded(e, db) {
    db.run(statements.remind, { orderId: e.orderId });
  },
  OrderConfirmationExpired(e, db) {
    db.run(statements.expire, { orderId: e.orderId, at: e.at });
  },
  CodRefusalLimitLifted(e, db) {
    db.run(statements.liftLimit, { user_id: e.userId, refusals: e.refusals, at: e.at });
  },
  ReturnReceived(e, db) {
    const units = new Map<string, number>();
    for (const item of e.items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.qty);
    for (const [productId, qty] of units) {
      db.run(statements.holdReturned, { order_id: e.orderId, product_id: productId, qty, state_at: e.at });
    }
  },
  StockReserved(e, db) {
    db.heldBack(unplacedReservations).reserve(e.orderId, e.productId, e.qty, e.at);
  },
  StockReleased(e, db) {
    if (db.heldBack(unplacedReservations).release(e.orderId, e.productId, e.qty)) return;
    db.run(statements.release, { orderId: e.orderId, productId: e.productId, qty: e.qty });
    db.run(statements.dropReleased, { orderId: e.orderId });
  },
} satisfies EventHandlers;

/**
 * The orders read model: each order as it stands, its lines, every status change (who, when), the
 * admins' notes, its cash-on-delivery confirmation, the parcels refused at the door and the lifts of
 * the refusal limit, and the stock each order still holds, so the sweep finds what a crash left
 * behind without a log scan.
 */
export const ordersProjector = projectorOf({
  name: 'orders',
  tables: ['orders', 'open_reservations', 'order_counts', 'order_notes', 'cod_refusals', 'cod_limit_lifts'],
  statements,
  on,
});

function placed(db: ReadModelsDb, e: EventData<'OrderPlaced'>): void {
  const address = e.shippingAddress;
  db.run(statements.insertOrder, {
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
    phone_key: phoneKey(address.phone),
    items_price: e.itemsPrice,
    discount: e.discount,
    shipping_price: e.shippingPrice,
    total_price: e.totalPrice,
    affiliate_code: e.affiliateCode,
    affiliate_user_id: e.affiliateUserId,
    delivery_note: e.deliveryNote ?? null,
    created_at: e.at,
    updated_at: e.at,
    lines: JSON.stringify(
      e.lines.map(
        (line): StoredOrderLine => [
          line.lineId,
          line.productId,
          line.name,
          line.image,
          line.category,
          line.unitPrice,
          line.qty,
          line.size,
        ],
      ),
    ),
    changes: '[]',
    reference: e.reference,
    confirmation_state: e.confirmationRequired ? 'awaiting' : 'not-needed',
    confirmation_at: null,
    confirmation_by: null,
    confirmation_channel: null,
    confirmation_note: null,
    confirmation_reminded: 0,
  });
  db.heldBack(unplacedReservations).forget(e.orderId);
  db.run(statements.dropReservations, { orderId: e.orderId });
  db.heldBack(orderCountSums).add(
    {
      day: calendarDay(e.at),
      status: 'Pending',
      payment_method: e.paymentMethod,
      is_paid: 0,
      is_delivered: 0,
    },
    1,
  );
}

function statusChanged(db: ReadModelsDb, e: EventData<'StatusChanged'>, position: number): void {
  const change: StoredOrderChange = [position, e.from, e.to, e.by, e.at];
  const paid = e.paid ? 1 : 0;
  const delivered = e.delivered ? 1 : 0;
  const after = db.first(statements.changeStatus, {
    orderId: e.orderId,
    to: e.to,
    at: e.at,
    paid,
    delivered,
    change: JSON.stringify(change),
  });
  if (!after) throw new Error(`StatusChanged for unknown order ${e.orderId}`);
  // A refused parcel's units are held until they are back, as a cancelled order's are.
  if (e.to === 'Cancelled' || e.to === 'Refused')
    db.run(statements.holdCancelled, { orderId: e.orderId, at: e.at });
  if (e.to === 'Refused') db.run(statements.refused, { orderId: e.orderId, at: e.at });
  if (e.to === 'Cancelled') db.run(statements.confirmationNoLongerNeeded, { orderId: e.orderId });
  // The order as it stood before: a flag the change set was not set yet (the decider sets each once).
  const day = calendarDay(after.created_at);
  const counts = db.heldBack(orderCountSums);
  const { payment_method } = after;
  counts.add(
    {
      day,
      status: e.from,
      payment_method,
      is_paid: paid ? 0 : after.is_paid,
      is_delivered: delivered ? 0 : after.is_delivered,
    },
    -1,
  );
  counts.add(
    { day, status: e.to, payment_method, is_paid: after.is_paid, is_delivered: after.is_delivered },
    1,
  );
}
