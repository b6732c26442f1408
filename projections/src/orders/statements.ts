import type { EventData } from '@shop/contracts';
import { sql as expr } from 'kysely';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import type {
  CodLimitLiftsTable,
  OpenReservationsTable,
  OrderCountsTable,
  OrderNotesTable,
  OrdersTable,
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

/**
 * Every statement the orders projector runs, compiled once (the runner reads their plans to know which
 * indexes a catch-up may set aside).
 */
export const statements = {
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
  /** A cancelled order awaits no confirmation any more: nobody is asked to confirm it, no list holds it. */
  confirmationNoLongerNeeded: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb
      .updateTable('orders')
      .set({ confirmation_state: 'not-needed' })
      .where('id', '=', arg('orderId'))
      .where('confirmation_state', '=', 'awaiting'),
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
