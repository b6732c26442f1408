import { type EventData, phoneKey } from '@shop/contracts';
import { sql as expr } from 'kysely';
import type { HeldBackKind, HeldBackWrites, ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { calendarDay } from '../metrics/days';
import { type EventHandlers, projectorOf } from '../runner/projector';
import type {
  CodLimitLiftsTable,
  OpenReservationsTable,
  OrderCountsTable,
  OrderNotesTable,
  OrdersTable,
  StoredOrderChange,
  StoredOrderLine,
} from './tables';

const orderColumns = [
  'id',
  'user_id',
  'status',
  'is_paid',
  'paid_at',
  'is_delivered',
  'delivered_at',
  'payment_method',
  'ship_full_name',
  'ship_address',
  'ship_city',
  'ship_postal_code',
  'ship_country',
  'ship_phone',
  'phone_key',
  'items_price',
  'discount',
  'shipping_price',
  'total_price',
  'affiliate_code',
  'affiliate_user_id',
  'delivery_note',
  'created_at',
  'updated_at',
  'lines',
  'changes',
  'reference',
  'confirmation_state',
  'confirmation_at',
  'confirmation_by',
  'confirmation_channel',
  'confirmation_note',
  'confirmation_reminded',
] as const satisfies readonly (keyof OrdersTable)[];
/** A StatusChanged event's data with its flags as SQLite integers, and the history entry it adds (JSON). */
type StatusChange = Pick<EventData<'StatusChanged'>, 'orderId' | 'to' | 'at'> & {
  paid: number;
  delivered: number;
  change: string;
};

const sql = {
  insertOrder: prepareQuery<OrdersTable>((qb, arg) =>
    qb.insertInto('orders').values(argumentsFor(arg, orderColumns)),
  ),
  /**
   * The status, the paid and delivered flags with their times the first time they are set, and the
   * change at the end of the order's history; SET expressions read the row as it was, so one
   * statement needs no read first. `seq` is the event's position in the log: rising within an
   * order, so it orders the history, and known without reading the order's earlier changes. It
   * answers what `order_counts` needs of the order as it is after the change.
   */
  changeStatus: prepareQuery<
    StatusChange,
    Pick<OrdersTable, 'payment_method' | 'is_paid' | 'is_delivered' | 'created_at'>
  >((qb, arg) =>
    qb
      .updateTable('orders')
      .set({
        status: arg('to'),
        updated_at: arg('at'),
        is_paid: expr<number>`max(${expr.ref('is_paid')}, ${arg('paid')})`,
        paid_at: expr<
          string | null
        >`case when ${expr.ref('is_paid')} = 0 and ${arg('paid')} = 1 then ${arg('at')} else ${expr.ref('paid_at')} end`,
        is_delivered: expr<number>`max(${expr.ref('is_delivered')}, ${arg('delivered')})`,
        delivered_at: expr<
          string | null
        >`case when ${expr.ref('is_delivered')} = 0 and ${arg('delivered')} = 1 then ${arg('at')} else ${expr.ref('delivered_at')} end`,
        changes: expr<string>`json_insert(${expr.ref('changes')}, '$[#]', json(${arg('change')}))`,
      })
      .where('id', '=', arg('orderId'))
      .returning(['payment_method', 'is_paid', 'is_delivered', 'created_at']),
  ),
  // Written once per combination at a commit (OrderCountSums).
  count: prepareQuery<OrderCountsTable>((qb, arg) =>
    qb
      .insertInto('order_counts')
      .values(argumentsFor(arg, ['day', 'status', 'payment_method', 'is_paid', 'is_delivered', 'orders']))
      .onConflict((c) =>
        c
          .columns(['day', 'status', 'payment_method', 'is_paid', 'is_delivered'])
          .doUpdateSet((eb) => ({ orders: eb('order_counts.orders', '+', arg('orders')) })),
      ),
  ),
  reserve: prepareQuery<Omit<OpenReservationsTable, 'order_state'>>((qb, arg) =>
    qb
      .insertInto('open_reservations')
      .values({
        order_id: arg('order_id'),
        product_id: arg('product_id'),
        qty: arg('qty'),
        reserved_at: arg('reserved_at'),
        order_state: 'unplaced',
        state_at: arg('state_at'),
      })
      .onConflict((c) =>
        c
          .columns(['order_id', 'product_id'])
          .doUpdateSet((eb) => ({ qty: eb('open_reservations.qty', '+', arg('qty')) })),
      ),
  ),
  release: prepareQuery<{ orderId: string; productId: string; qty: number }>((qb, arg) =>
    qb
      .updateTable('open_reservations')
      .set((eb) => ({ qty: eb('qty', '-', arg('qty')) }))
      .where('order_id', '=', arg('orderId'))
      .where('product_id', '=', arg('productId')),
  ),
  dropReleased: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb.deleteFrom('open_reservations').where('order_id', '=', arg('orderId')).where('qty', '<=', 0),
  ),
  /** The order has appeared: its lines hold the stock now, and the sweep has nothing to watch. */
  dropReservations: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb.deleteFrom('open_reservations').where('order_id', '=', arg('orderId')),
  ),
  /**
   * Units of a delivered order that came back in a return, held until their release arrives, for the
   * sweep to finish what a crash cut short; two returns of one product add up.
   */
  holdReturned: prepareQuery<Pick<OpenReservationsTable, 'order_id' | 'product_id' | 'qty' | 'state_at'>>(
    (qb, arg) =>
      qb
        .insertInto('open_reservations')
        .values({
          order_id: arg('order_id'),
          product_id: arg('product_id'),
          qty: arg('qty'),
          reserved_at: arg('state_at'),
          order_state: 'returned',
          state_at: arg('state_at'),
        })
        .onConflict((c) =>
          c
            .columns(['order_id', 'product_id'])
            .doUpdateSet((eb) => ({ qty: eb('open_reservations.qty', '+', arg('qty')) })),
        ),
  ),
  confirm: prepareQuery<
    Pick<
      OrdersTable,
      'confirmation_at' | 'confirmation_by' | 'confirmation_channel' | 'confirmation_note'
    > & {
      orderId: string;
    }
  >((qb, arg) =>
    qb
      .updateTable('orders')
      .set({
        confirmation_state: 'confirmed',
        confirmation_at: arg('confirmation_at'),
        confirmation_by: arg('confirmation_by'),
        confirmation_channel: arg('confirmation_channel'),
        confirmation_note: arg('confirmation_note'),
      })
      .where('id', '=', arg('orderId')),
  ),
  remind: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb.updateTable('orders').set({ confirmation_reminded: 1 }).where('id', '=', arg('orderId')),
  ),
  expire: prepareQuery<{ orderId: string; at: string }>((qb, arg) =>
    qb
      .updateTable('orders')
      .set({ confirmation_state: 'expired', confirmation_at: arg('at') })
      .where('id', '=', arg('orderId')),
  ),
  /** A parcel refused at the door counts against the order's account and its shipping phone. */
  refused: prepareQuery<{ orderId: string; at: string }>((qb, arg) =>
    qb
      .insertInto('cod_refusals')
      .columns(['order_id', 'user_id', 'phone_key', 'at'])
      .expression((eb) =>
        eb
          .selectFrom('orders')
          .select((s) => ['id', 'user_id', 'phone_key', s.val(arg('at')).as('at')])
          .where('id', '=', arg('orderId')),
      )
      .onConflict((c) => c.column('order_id').doNothing()),
  ),
  liftLimit: prepareQuery<CodLimitLiftsTable>((qb, arg) =>
    qb
      .insertInto('cod_limit_lifts')
      .values(argumentsFor(arg, ['user_id', 'refusals', 'at']))
      .onConflict((c) => c.column('user_id').doUpdateSet({ refusals: arg('refusals'), at: arg('at') })),
  ),
  insertNote: prepareQuery<OrderNotesTable>((qb, arg) =>
    qb
      .insertInto('order_notes')
      .values(argumentsFor(arg, ['order_id', 'seq', 'note_id', 'text', 'by_user_id', 'at'])),
  ),
  /**
   * A cancelled order holds its lines' stock until each release arrives: one row per product (lines
   * of one product add up), for the sweep to finish what a crash cut short.
   */
  holdCancelled: prepareQuery<{ orderId: string; at: string }>((qb, arg) =>
    qb
      .insertInto('open_reservations')
      .columns(['order_id', 'product_id', 'qty', 'reserved_at', 'order_state', 'state_at'])
      .expression((eb) =>
        eb
          .selectFrom('order_items')
          .innerJoin('orders', 'orders.id', 'order_items.order_id')
          .select((s) => [
            'order_items.order_id',
            'order_items.product_id',
            s.fn.sum<number>('order_items.qty').as('qty'),
            'orders.created_at',
            expr.lit('cancelled').as('order_state'),
            s.val(arg('at')).as('state_at'),
          ])
          .where('order_items.order_id', '=', arg('orderId'))
          .groupBy(['order_items.order_id', 'order_items.product_id']),
      ),
  ),
};

const on = {
  OrderPlaced(e, db) {
    placed(db, e);
  },
  StatusChanged(e, db, event) {
    statusChanged(db, e, event.position);
  },
  OrderNoteAdded(e, db, event) {
    db.run(sql.insertNote, {
      order_id: e.orderId,
      seq: event.position,
      note_id: e.noteId,
      text: e.text,
      by_user_id: e.by,
      at: e.at,
    });
  },
  OrderConfirmed(e, db) {
    db.run(sql.confirm, {
      orderId: e.orderId,
      confirmation_at: e.at,
      confirmation_by: e.by,
      confirmation_channel: e.channel,
      confirmation_note: e.note ?? null,
    });
  },
  OrderConfirmationReminded(e, db) {
    db.run(sql.remind, { orderId: e.orderId });
  },
  OrderConfirmationExpired(e, db) {
    db.run(sql.expire, { orderId: e.orderId, at: e.at });
  },
  CodRefusalLimitLifted(e, db) {
    db.run(sql.liftLimit, { user_id: e.userId, refusals: e.refusals, at: e.at });
  },
  ReturnReceived(e, db) {
    const units = new Map<string, number>();
    for (const item of e.items) units.set(item.productId, (units.get(item.productId) ?? 0) + item.qty);
    for (const [productId, qty] of units) {
      db.run(sql.holdReturned, { order_id: e.orderId, product_id: productId, qty, state_at: e.at });
    }
  },
  StockReserved(e, db) {
    db.heldBack(unplacedReservations).reserve(e.orderId, e.productId, e.qty, e.at);
  },
  StockReleased(e, db) {
    if (db.heldBack(unplacedReservations).release(e.orderId, e.productId, e.qty)) return;
    db.run(sql.release, { orderId: e.orderId, productId: e.productId, qty: e.qty });
    db.run(sql.dropReleased, { orderId: e.orderId });
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
  statements: sql,
  on,
});

function placed(db: ReadModelsDb, e: EventData<'OrderPlaced'>): void {
  const address = e.shippingAddress;
  db.run(sql.insertOrder, {
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
  db.run(sql.dropReservations, { orderId: e.orderId });
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
  const after = db.first(sql.changeStatus, {
    orderId: e.orderId,
    to: e.to,
    at: e.at,
    paid,
    delivered,
    change: JSON.stringify(change),
  });
  if (!after) throw new Error(`StatusChanged for unknown order ${e.orderId}`);
  // A refused parcel's units are held until they are back, as a cancelled order's are.
  if (e.to === 'Cancelled' || e.to === 'Refused') db.run(sql.holdCancelled, { orderId: e.orderId, at: e.at });
  if (e.to === 'Refused') db.run(sql.refused, { orderId: e.orderId, at: e.at });
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

type CountedAs = Omit<OrderCountsTable, 'orders'>;

/**
 * The transaction's changes to `order_counts`, summed per combination and written once at the commit:
 * every order event moves one or two of them. Every combination touched is written, a sum of 0 too, so
 * the rows do not depend on where a transaction ends.
 */
class OrderCountSums implements HeldBackWrites {
  readonly #sums = new Map<string, { as: CountedAs; orders: number }>();

  add(as: CountedAs, orders: number): void {
    const key = `${as.day}|${as.status}|${as.payment_method}|${as.is_paid}|${as.is_delivered}`;
    const sum = this.#sums.get(key);
    if (sum) sum.orders += orders;
    else this.#sums.set(key, { as, orders });
  }

  flush(db: ReadModelsDb): void {
    for (const { as, orders } of this.#sums.values()) db.run(sql.count, { ...as, orders });
  }
}

const orderCountSums: HeldBackKind<OrderCountSums> = { create: () => new OrderCountSums() };

interface HeldReservation {
  productId: string;
  /** What this transaction added; a release in it takes away (the row may hold more from before). */
  qty: number;
  at: string;
}

/**
 * Reservations made in this transaction whose order has not appeared yet. Placing an order appends
 * its reservations and then `OrderPlaced` within one request, so the two are neighbours in the log
 * and nearly every reservation is gone again (its order placed) before the transaction commits: it
 * never needs a row. What is still held at the commit is written as the row the statements would
 * have left (a reservation added to a row an earlier transaction wrote keeps that row's times).
 */
class UnplacedReservations implements HeldBackWrites {
  readonly #byOrder = new Map<string, Map<string, HeldReservation>>();

  reserve(orderId: string, productId: string, qty: number, at: string): void {
    let held = this.#byOrder.get(orderId);
    if (!held) {
      held = new Map();
      this.#byOrder.set(orderId, held);
    }
    const reservation = held.get(productId);
    if (reservation) reservation.qty += qty;
    else held.set(productId, { productId, qty, at });
  }

  /** Takes a release out of what this transaction reserved; false when it reserved nothing there. */
  release(orderId: string, productId: string, qty: number): boolean {
    const reservation = this.#byOrder.get(orderId)?.get(productId);
    if (!reservation) return false;
    reservation.qty -= qty;
    return true;
  }

  forget(orderId: string): void {
    this.#byOrder.delete(orderId);
  }

  flush(db: ReadModelsDb): void {
    for (const [orderId, held] of this.#byOrder) {
      let released = false;
      for (const { productId, qty, at } of held.values()) {
        db.run(sql.reserve, { order_id: orderId, product_id: productId, qty, reserved_at: at, state_at: at });
        released ||= qty <= 0;
      }
      // A release that emptied a reservation drops its row, as the statements would have.
      if (released) db.run(sql.dropReleased, { orderId });
    }
  }
}

const unplacedReservations: HeldBackKind<UnplacedReservations> = { create: () => new UnplacedReservations() };
