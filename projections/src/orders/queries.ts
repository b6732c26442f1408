import type { Kysely } from 'kysely';
import type { ReadModelsDb } from '../database';
import { prepareQuery } from '../prepared-query';
import type { ReadModels } from '../read-models';
import type { StoredOrderChange } from './projector';
import type {
  OpenReservationRow,
  OrderItemRow,
  OrderNoteRow,
  OrderRow,
  OrderStatusChangeRow,
} from './tables';

/** A line with the product as the catalogue has it now (null when it is gone from the catalogue). */
export interface OrderItemWithProduct extends OrderItemRow {
  product: { name: string; image: string; thumbnail: string; category: string; countInStock: number } | null;
}

/** An order with its lines, oldest line first. */
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemWithProduct[];
}

/** An order with its lines and every status change, oldest first. */
export interface OrderDetail extends OrderWithItems {
  changes: OrderStatusChangeRow[];
}

/** The order page's three reads, compiled once: every placed order reads its order back. */
const orderPage = {
  order: prepareQuery<{ id: string }, OrderRow>((qb, arg) =>
    qb.selectFrom('orders').selectAll().where('id', '=', arg('id')),
  ),
  changes: prepareQuery<{ id: string }, OrderStatusChangeRow>((qb, arg) =>
    qb.selectFrom('order_status_changes').selectAll().where('order_id', '=', arg('id')).orderBy('seq'),
  ),
  items: prepareQuery<{ id: string }, ItemJoinRow>((qb, arg) =>
    itemsWithProducts(qb).where('order_items.order_id', '=', arg('id')),
  ),
};

const idByReference = prepareQuery<{ reference: string }, { id: string }>((qb, arg) =>
  qb
    .selectFrom('orders')
    .select('id')
    .where('reference', '=', arg('reference'))
    .orderBy('created_at')
    .limit(1),
);

/** The id of the order with this reference (as stored: upper case, with its dash), if any. */
export function findOrderIdByReference(db: ReadModelsDb, args: { reference: string }): string | undefined {
  return db.first(idByReference, args)?.id;
}

export function findOrder(db: ReadModelsDb, args: { id: string }): OrderDetail | undefined {
  const order = db.first(orderPage.order, args);
  if (!order) return undefined;
  const changes = db.all(orderPage.changes, args);
  return { order, items: db.all(orderPage.items, args).map(toItem), changes };
}

/** Who placed an order, or undefined for an unknown id: enough to decide who may see what hangs off it. */
export function findOrderOwner(db: ReadModelsDb, args: { id: string }): string | undefined {
  return db.first(db.qb.selectFrom('orders').select('user_id').where('id', '=', args.id))?.user_id;
}

/** The admins' notes on an order, oldest first. */
export function listOrderNotes(db: ReadModelsDb, args: { orderId: string }): OrderNoteRow[] {
  return db.all(
    db.qb.selectFrom('order_notes').selectAll().where('order_id', '=', args.orderId).orderBy('seq'),
  );
}

/** Who moved the order to Cancelled (a user id), read off its history; null while it is not cancelled. */
export function cancellerOf(order: Pick<OrderRow, 'status' | 'changes'>): string | null {
  if (order.status !== 'Cancelled') return null;
  const changes = JSON.parse(order.changes) as StoredOrderChange[];
  return changes.findLast((change) => change[2] === 'Cancelled')?.[3] ?? null;
}

/** A customer's orders, newest first. */
export function listOrdersOfUser(db: ReadModelsDb, args: { userId: string }): OrderWithItems[] {
  const orders = db.all(
    db.qb
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', args.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id'),
  );
  return withItems(orders, itemsOf(db, { userId: args.userId }));
}

/** Orders with their lines, in the order given (a page of a list). */
export function withItemsOf(db: ReadModelsDb, orders: OrderRow[]): OrderWithItems[] {
  if (orders.length === 0) return [];
  return withItems(orders, itemsOf(db, { orderIds: orders.map((order) => order.id) }));
}

/**
 * Reservations the sweep should give back, as of `before` (ISO time): those whose order never
 * appeared since they were made, and those of cancelled orders and received returns whose stock
 * did not come back.
 */
export function listSweepableReservations(db: ReadModelsDb, args: { before: string }): OpenReservationRow[] {
  return db.all(
    db.qb
      .selectFrom('open_reservations')
      .selectAll()
      .where('order_state', 'in', ['unplaced', 'cancelled', 'returned'])
      .where('state_at', '<', args.before)
      .orderBy('state_at')
      .orderBy('order_id')
      .orderBy('product_id'),
  );
}

function withItems(orders: OrderRow[], items: OrderItemWithProduct[]): OrderWithItems[] {
  const byOrder = new Map<string, OrderItemWithProduct[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id);
    if (list) list.push(item);
    else byOrder.set(item.order_id, [item]);
  }
  return orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
}

type ItemJoinRow = OrderItemRow & {
  p_name: string | null;
  p_image: string | null;
  p_thumbnail: string | null;
  p_category: string | null;
  p_count_in_stock: number | null;
};

/** Order lines with the product as the catalogue has it now, oldest order and line first. */
function itemsWithProducts(qb: Kysely<ReadModels>) {
  return qb
    .selectFrom('order_items')
    .leftJoin('catalogue_products as p', (join) =>
      join.onRef('p.id', '=', 'order_items.product_id').on('p.deleted', '=', 0),
    )
    .selectAll('order_items')
    .select([
      'p.name as p_name',
      'p.image as p_image',
      'p.thumbnail as p_thumbnail',
      'p.category as p_category',
      'p.count_in_stock as p_count_in_stock',
    ])
    .orderBy('order_items.order_id')
    .orderBy('order_items.line_no');
}

function itemsOf(db: ReadModelsDb, filter: { userId?: string; orderIds?: string[] }): OrderItemWithProduct[] {
  let query = itemsWithProducts(db.qb);
  if (filter.orderIds) query = query.where('order_items.order_id', 'in', filter.orderIds);
  if (filter.userId) {
    query = query.where('order_items.order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('orders.id')
        .where('orders.user_id', '=', filter.userId ?? ''),
    );
  }
  return db.all(query).map(toItem);
}

function toItem({
  p_name,
  p_image,
  p_thumbnail,
  p_category,
  p_count_in_stock,
  ...item
}: ItemJoinRow): OrderItemWithProduct {
  return {
    ...item,
    product:
      p_name === null
        ? null
        : {
            name: p_name,
            image: p_image ?? '',
            thumbnail: p_thumbnail ?? '',
            category: p_category ?? '',
            countInStock: p_count_in_stock ?? 0,
          },
  };
}
