import { unitsOfSize } from '@shop/contracts';
import { type SqlBool, sql } from 'kysely';
import type { CatalogueProductsTable } from '../catalogue/tables';
import type { ReadModelsDb } from '../database';
import { prepareQuery } from '../prepared-query';
import type { StoredOrderChange, StoredOrderLine } from './projector';
import type {
  OpenReservationRow,
  OrderItemRow,
  OrderNoteRow,
  OrderRow,
  OrderStatusChangeRow,
} from './tables';

/**
 * A line with the product as the catalogue has it now (null when it is gone from the catalogue);
 * `countInStock` is what is left of the line's size (of the product, when it has no sizes).
 */
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

/** The order page's reads, compiled once: every placed order reads its order back. */
const orderPage = {
  order: prepareQuery<{ id: string }, OrderRow>((qb, arg) =>
    qb.selectFrom('orders').selectAll().where('id', '=', arg('id')),
  ),
  changes: prepareQuery<{ id: string }, OrderStatusChangeRow>((qb, arg) =>
    qb.selectFrom('order_status_changes').selectAll().where('order_id', '=', arg('id')).orderBy('seq'),
  ),
};

type ProductColumns = Pick<
  CatalogueProductsTable,
  'id' | 'name' | 'image' | 'thumbnail' | 'category' | 'count_in_stock' | 'sizes' | 'stock_by_size'
>;

/**
 * The catalogue's products as they are now, deleted ones left out, by their ids given as one JSON
 * array: one statement, compiled once, for any number of ids, each a seek by primary key.
 */
const productsNow = prepareQuery<{ ids: string }, ProductColumns>((qb, arg) =>
  qb
    .selectFrom('catalogue_products')
    .select(['id', 'name', 'image', 'thumbnail', 'category', 'count_in_stock', 'sizes', 'stock_by_size'])
    .where(sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${arg('ids')}))`)
    // `+deleted`: found by id, only tested for being deleted (not a walk of an index led by `deleted`).
    .where(sql<number>`+${sql.ref('deleted')}`, '=', 0),
);

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
  return { order, items: withItemsOf(db, [order])[0]!.items, changes };
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
  return withItemsOf(db, orders);
}

/**
 * Orders with their lines, in the order given (a page of a list): the lines read off each row's own
 * `lines`, the products they name as the catalogue has them now in one statement for all.
 */
export function withItemsOf(db: ReadModelsDb, orders: OrderRow[]): OrderWithItems[] {
  const lines = orders.map((order) => JSON.parse(order.lines) as StoredOrderLine[]);
  const productIds = [...new Set(lines.flatMap((ofOrder) => ofOrder.map((line) => line[1])))];
  const products = new Map<
    string,
    {
      shown: Omit<NonNullable<OrderItemWithProduct['product']>, 'countInStock'>;
      unitsOf: (size: string) => number;
    }
  >();
  if (productIds.length > 0) {
    for (const row of db.all(productsNow, { ids: JSON.stringify(productIds) })) {
      const { id, count_in_stock, sizes, stock_by_size, ...shown } = row;
      const stock = {
        sizes: JSON.parse(sizes) as string[],
        countInStock: count_in_stock,
        stockBySize: JSON.parse(stock_by_size) as Record<string, number>,
      };
      products.set(id, { shown, unitsOf: (size) => unitsOfSize(stock, size) });
    }
  }
  const productNow = (productId: string, size: string): OrderItemWithProduct['product'] => {
    const product = products.get(productId);
    return product ? { ...product.shown, countInStock: product.unitsOf(size) } : null;
  };
  return orders.map((order, at) => ({
    order,
    items: lines[at]!.map(
      ([id, product_id, name, image, category, unit_price, qty, size], line_no): OrderItemWithProduct => ({
        id,
        order_id: order.id,
        line_no,
        product_id,
        name,
        image,
        category,
        unit_price,
        qty,
        size,
        product: productNow(product_id, size),
      }),
    ),
  }));
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

/** How many of a customer's orders were delivered (an affiliate needs one). */
export function countDeliveredOrders(db: ReadModelsDb, args: { userId: string }): number {
  const row = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', args.userId)
      .where('status', '=', 'Delivered'),
  );
  return Number(row?.count ?? 0);
}
