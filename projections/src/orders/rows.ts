import {
  addDays,
  looksLikePhone,
  normaliseOrderReference,
  type OrderListFilters,
  type OrderSort,
  unitsOfSize,
} from '@shop/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { CatalogueProductsTable } from '../catalogue/tables';
import { customersMatching } from '../customers/rows';
import { searchPrefixes } from '../customers/search-terms';
import type { ReadModelsDb } from '../db/database';
import { type KeysetOrder, type ListQuery, type Position, prefixEnd } from '../db/paging';
import { prepareQuery } from '../db/prepared-query';
import type { ReadModels } from '../db/read-models';
import { startOfDay } from '../metrics/days';
import type {
  OpenReservationRow,
  OrderDetail,
  OrderItemWithProduct,
  OrderNoteRow,
  OrderRow,
  OrderStatusChangeRow,
  OrderWithItems,
  StoredOrderLine,
} from './tables';

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

/**
 * The admin's orders list as queries over the orders read model: the filters and the search as one
 * WHERE, the sorts as keyset orders, and the total as a sum of `order_counts` where neither a search
 * nor a confirmation filter is given (`order_counts` does not keep confirmations: those lists count rows).
 */

/** Each sort's key and tie-breaker; newest and oldest walk `orders_by_created` one way or the other. */
const ORDER_LIST_ORDERS: Readonly<Record<OrderSort, KeysetOrder>> = {
  newest: { key: 'orders.created_at', keyDirection: 'desc', tie: 'orders.id', tieDirection: 'asc' },
  oldest: { key: 'orders.created_at', keyDirection: 'asc', tie: 'orders.id', tieDirection: 'desc' },
  total: { key: 'orders.total_price', keyDirection: 'desc', tie: 'orders.id', tieDirection: 'asc' },
};

export const orderPosition = {
  newest: (row: OrderRow): Position => ({ key: row.created_at, tie: row.id }),
  oldest: (row: OrderRow): Position => ({ key: row.created_at, tie: row.id }),
  total: (row: OrderRow): Position => ({ key: row.total_price, tie: row.id }),
} satisfies Record<OrderSort, (row: OrderRow) => Position>;

/** What a search text can stand for; each part is set only when the text could be one. */
interface OrderSearch {
  /** The start of an id, 8 characters or more (lower-cased). */
  idPrefix?: string;
  /** The 8 characters a list shows of an id, without the `…` before them. */
  idTail?: string;
  /** The order's reference (`AX-7K3M9Q`, typed in any case, the dash optional), as the shop stores it. */
  reference?: string;
  /** A phone number (or its start) in any format, as its key. */
  phoneKey?: string;
  /** What the buyer's name, e-mail and phone must each start with (see customers/search-terms.ts). */
  buyer: string[];
}

function readSearch(text: string): OrderSearch {
  const bare = text.trim().replace(/^(?:#|…|\.\.\.)+/, '');
  const buyer = searchPrefixes(text);
  const phone = looksLikePhone(text.trim()) ? buyer[0] : undefined;
  const reference = normaliseOrderReference(bare);
  return {
    ...(reference ? { reference } : {}),
    ...(/^[0-9a-f-]{8,36}$/i.test(bare) ? { idPrefix: bare.toLowerCase() } : {}),
    ...(/^[0-9a-f]{8}$/i.test(bare) ? { idTail: bare.toLowerCase() } : {}),
    ...(phone ? { phoneKey: phone } : {}),
    buyer,
  };
}

type Orders = ExpressionBuilder<ReadModels, 'orders'>;

/**
 * Every way a search can name an order, each one indexed condition; an order that meets any of them
 * is found. Another way (an exact match on one more indexed column) is one more line here.
 */
const SEARCH_ALTERNATIVES: readonly ((eb: Orders, search: OrderSearch) => Expression<SqlBool> | undefined)[] =
  [
    (eb, s) =>
      s.idPrefix
        ? eb.and([eb('orders.id', '>=', s.idPrefix), eb('orders.id', '<', prefixEnd(s.idPrefix))])
        : undefined,
    (eb, s) => (s.idTail ? eb(sql<string>`substr(${sql.ref('orders.id')}, -8)`, '=', s.idTail) : undefined),
    (eb, s) => (s.reference ? eb('orders.reference', '=', s.reference) : undefined),
    (eb, s) =>
      s.phoneKey
        ? eb.and([
            eb('orders.phone_key', '>=', s.phoneKey),
            eb('orders.phone_key', '<', prefixEnd(s.phoneKey)),
          ])
        : undefined,
    (eb, s) => (s.buyer.length > 0 ? eb('orders.user_id', 'in', customersMatching(s.buyer)) : undefined),
  ];

/** The keyset order of a sort, for a list with or without a search (see `KeysetOrder.sortAfterFinding`). */
export function orderListOrder(sort: OrderSort, filters: OrderListFilters): KeysetOrder {
  const order = ORDER_LIST_ORDERS[sort];
  return filters.search ? { ...order, sortAfterFinding: true } : order;
}

/**
 * The orders that pass every filter and the search, all columns, in no order yet. With a search, the
 * search finds the orders (each of its ways through its own index) and the filters only test them: their
 * columns are written `+column`, so SQLite does not walk a filter's index instead.
 */
export function matchingOrders(db: ReadModelsDb, filters: OrderListFilters): ListQuery<OrderRow> {
  const search = filters.search ? readSearch(filters.search) : undefined;
  const column = (name: `orders.${keyof OrderRow}`) => (search ? sql`+${sql.ref(name)}` : sql.ref(name));
  return db.qb
    .selectFrom('orders')
    .selectAll('orders')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filters.status) conditions.push(eb(column('orders.status'), '=', filters.status));
      if (filters.paymentMethod)
        conditions.push(eb(column('orders.payment_method'), '=', filters.paymentMethod));
      if (filters.paid !== undefined)
        conditions.push(eb(column('orders.is_paid'), '=', filters.paid ? 1 : 0));
      if (filters.delivered !== undefined)
        conditions.push(eb(column('orders.is_delivered'), '=', filters.delivered ? 1 : 0));
      if (filters.confirmation)
        conditions.push(eb(column('orders.confirmation_state'), '=', filters.confirmation));
      if (filters.from) conditions.push(eb(column('orders.created_at'), '>=', startOfDay(filters.from)));
      if (filters.to)
        conditions.push(eb(column('orders.created_at'), '<', startOfDay(addDays(filters.to, 1))));
      if (search) {
        const ways = SEARCH_ALTERNATIVES.flatMap((way) => way(eb, search) ?? []);
        conditions.push(ways.length > 0 ? eb.or(ways) : sql<SqlBool>`0`);
      }
      return eb.and(conditions);
    });
}

/**
 * How many orders pass the filters, without counting orders: the sum of `order_counts` over the
 * filtered combinations and days (Karachi days, as the rows are kept). Not for a search.
 */
export function countFilteredOrders(db: ReadModelsDb, filters: Omit<OrderListFilters, 'search'>): number {
  let query = db.qb.selectFrom('order_counts').select((eb) => eb.fn.sum<number>('orders').as('total'));
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.paymentMethod) query = query.where('payment_method', '=', filters.paymentMethod);
  if (filters.paid !== undefined) query = query.where('is_paid', '=', filters.paid ? 1 : 0);
  if (filters.delivered !== undefined) query = query.where('is_delivered', '=', filters.delivered ? 1 : 0);
  if (filters.from) query = query.where('day', '>=', filters.from);
  if (filters.to) query = query.where('day', '<=', filters.to);
  return Number(db.first(query)?.total ?? 0);
}
