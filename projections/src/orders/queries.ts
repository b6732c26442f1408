import {
  ALLOWED_TRANSITIONS,
  fromMinor,
  normaliseOrderReference,
  type Order,
  type OrderConfirmation,
  type OrderItem,
  type OrderListFilters,
  type OrderNote,
  type OrderSort,
  type OrderTracking,
  type StatusChange,
  shopConfig,
  trackingProgress,
  type User,
} from '@shop/contracts';
import { findCustomer, findCustomers } from '../customers/queries';
import type { ReadModelsDb } from '../db/database';
import { countRows, type KeysetPage, type PageStart, readInChunks, readPage } from '../db/paging';
import { paymentsOfOrder } from '../payments/rows';
import { returnSteps } from '../returns/queries';
import { listReturnsOfOrder } from '../returns/rows';
import {
  countFilteredOrders,
  findOrder,
  findOrderIdByReference,
  listOrderNotes,
  listOrdersOfUser,
  matchingOrders,
  orderListOrder,
  orderPosition,
  withItemsOf,
} from './rows';
import type {
  OrderDetail,
  OrderItemWithProduct,
  OrderRow,
  OrderWithItems,
  StoredOrderChange,
} from './tables';
import { buildTimeline, type TimelinePayment } from './timeline';

const DAY_MS = 86_400_000;

/**
 * What an order answer needs from the shop's configuration: COD_CONFIRMATION_WINDOW in milliseconds
 * (null when off), to say when an awaiting order expires. Unsaid, no expiry is given. `forStaff`: the
 * answer goes to staff, who see a confirmation's note and which of them confirmed; unsaid, it is the
 * shopper's answer, which carries neither.
 */
export interface OrderAnswerSettings {
  confirmationWindowMs?: number | null;
  forStaff?: boolean;
}

// The orders read model in the API's shapes: a GET route is one call to one of these.

/**
 * The id of the order an id or a reference names (`AX-7K3M9Q`, typed in any case, the dash optional),
 * or the text itself when it is neither: the lookup then finds nothing.
 */
export function orderIdOf(db: ReadModelsDb, idOrReference: string): string {
  const reference = normaliseOrderReference(idOrReference);
  return (reference && findOrderIdByReference(db, { reference })) || idOrReference;
}

/**
 * One order as every read call answers it. With `history`, the admin view: every status change
 * with who made it, and the admins' notes.
 */
export function orderDetails(
  db: ReadModelsDb,
  args: { id: string; history?: boolean } & OrderAnswerSettings,
): Order | undefined {
  const detail = findOrder(db, { id: args.id });
  return detail && toOrder(db, detail, { history: args.history ?? false, ...args });
}

/** A customer's orders, newest first. */
export function ordersOfUser(db: ReadModelsDb, args: { userId: string } & OrderAnswerSettings): Order[] {
  return listOrdersOfUser(db, args).map((order) => toOrder(db, order, args));
}

/** The admin's orders list: what it is filtered and searched by, and how it is sorted. */
export interface OrderList extends OrderAnswerSettings {
  filters: OrderListFilters;
  sort: OrderSort;
}

/** One page of the admin's orders list and how many orders match in all. */
export function orderListPage(
  db: ReadModelsDb,
  args: OrderList & { start: PageStart; limit: number },
): KeysetPage<Order> & { total: number } {
  const { filters, sort } = args;
  const matching = matchingOrders(db, filters);
  const page = readPage(db, matching, {
    order: orderListOrder(sort, filters),
    positionOf: orderPosition[sort],
    start: args.start,
    limit: args.limit,
  });
  const total =
    filters.search || filters.confirmation ? countRows(db, matching) : countFilteredOrders(db, filters);
  return { ...page, rows: toOrders(db, page.rows, args), total };
}

/**
 * Every order of the list, a chunk at a time, each chunk read when asked for (see `readInChunks`): a
 * response streams them without holding the list.
 */
export function* orderListChunks(db: ReadModelsDb, args: OrderList, size = 200): Generator<Order[]> {
  const chunks = readInChunks(db, matchingOrders(db, args.filters), {
    order: orderListOrder(args.sort, args.filters),
    positionOf: orderPosition[args.sort],
    size,
  });
  for (const rows of chunks) yield toOrders(db, rows, args);
}

/** Every order, newest first: the seed's admin list, `GET /api/orders`, read in chunks. */
export function allOrdersInChunks(db: ReadModelsDb, settings: OrderAnswerSettings = {}): Generator<Order[]> {
  return orderListChunks(db, { filters: {}, sort: 'newest', ...settings });
}

/** Every order, newest first, at once (checks and tests; a response streams `allOrdersInChunks`). */
export function allOrders(db: ReadModelsDb, settings: OrderAnswerSettings = {}): Order[] {
  return [...allOrdersInChunks(db, settings)].flat();
}

/**
 * The tracking page: the order, its progress and its timeline from its real status changes, its
 * returns and their refunds.
 */
export function orderTracking(
  db: ReadModelsDb,
  args: { id: string } & OrderAnswerSettings,
): OrderTracking | undefined {
  const detail = findOrder(db, args);
  if (!detail) return undefined;
  const order = toOrder(db, detail, args);
  return {
    order,
    progress: trackingProgress(order.status),
    timeline: buildTimeline({
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      deliveredAt: order.deliveredAt,
      changes: detail.changes.map((change) => ({ to: change.to_status, at: change.at })),
      cancelledBy: order.cancelledBy,
      confirmation: order.confirmation,
      returns: listReturnsOfOrder(db, { orderId: order.id }).map((row) => ({
        id: row.id,
        amount: row.amount,
        units: (JSON.parse(row.items) as { qty: number }[]).reduce((sum, line) => sum + line.qty, 0),
        steps: returnSteps(row).map(([status, at]) => ({ status, at })),
      })),
      payments: paymentSteps(db, order.id),
    }),
  };
}

/** A page or chunk of orders in the API's shape: their lines and their buyers read once for all. */
function toOrders(db: ReadModelsDb, rows: OrderRow[], settings: OrderAnswerSettings): Order[] {
  const buyers = findCustomers(
    db,
    rows.map((row) => row.user_id),
  );
  return withItemsOf(db, rows).map((order) => toOrder(db, order, { ...settings, known: buyers }));
}

/**
 * Money in major units, the customer as they are now, lines under both `OrderItems` and
 * `orderItems` (the spec names both).
 */
function toOrder(
  db: ReadModelsDb,
  source: OrderWithItems | OrderDetail,
  options: OrderAnswerSettings & { history?: boolean; known?: ReadonlyMap<string, User> } = {},
): Order {
  const { history = false, known } = options;
  const { order } = source;
  const findUser = (id: string): User | undefined => known?.get(id) ?? findCustomer(db, { id });
  const user = findUser(order.user_id);
  const items = source.items.map(toItem);
  const cancelledBy = cancellerOf(order);
  const dto: Order = {
    id: order.id,
    reference: order.reference,
    userId: order.user_id,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    status: order.status,
    isPaid: order.is_paid === 1,
    paidAt: order.paid_at,
    isDelivered: order.is_delivered === 1,
    deliveredAt: order.delivered_at,
    paymentMethod: order.payment_method,
    shippingAddress: {
      fullName: order.ship_full_name,
      address: order.ship_address,
      city: order.ship_city,
      postalCode: order.ship_postal_code,
      country: order.ship_country,
      phone: order.ship_phone,
    },
    itemsPrice: fromMinor(order.items_price),
    discountPrice: fromMinor(order.discount),
    shippingPrice: fromMinor(order.shipping_price),
    totalPrice: fromMinor(order.total_price),
    affiliateCode: order.affiliate_code,
    deliveryNote: order.delivery_note,
    cancelledBy: cancelledBy === null ? null : cancelledBy === order.user_id ? 'customer' : 'shop',
    confirmation: confirmationOf(
      order,
      options.confirmationWindowMs ?? null,
      findUser,
      options.forStaff ?? false,
    ),
    refundDue: order.status === 'Cancelled' && order.is_paid === 1 ? fromMinor(order.total_price) : null,
    returnableUntil: order.delivered_at
      ? new Date(Date.parse(order.delivered_at) + shopConfig.returnsWindowDays * DAY_MS).toISOString()
      : null,
    User: user ? { name: user.name, email: user.email, contact: user.contact } : null,
    OrderItems: items,
    orderItems: items,
  };
  if (history && 'changes' in source) {
    dto.statusHistory = source.changes.map(
      (change): StatusChange => ({
        from: change.from_status,
        to: change.to_status,
        at: change.at,
        by: { id: change.by_user_id, name: findUser(change.by_user_id)?.name ?? 'Unknown user' },
      }),
    );
    dto.notes = listOrderNotes(db, { orderId: order.id }).map(
      (note): OrderNote => ({
        id: note.note_id,
        text: note.text,
        at: note.at,
        by: { id: note.by_user_id, name: findUser(note.by_user_id)?.name ?? 'Unknown user' },
      }),
    );
  }
  return dto;
}

/**
 * The order's cash-on-delivery confirmation. An awaiting order expires at its placing plus the
 * window, while it can still be cancelled (one dispatched unconfirmed no longer expires). The shopper
 * sees who confirmed only when it was herself, and never the staff's note.
 */
function confirmationOf(
  order: OrderRow,
  windowMs: number | null,
  findUser: (id: string) => User | undefined,
  forStaff: boolean,
): OrderConfirmation {
  const expires =
    order.confirmation_state === 'awaiting' &&
    windowMs !== null &&
    ALLOWED_TRANSITIONS[order.status].includes('Cancelled');
  const by = forStaff || order.confirmation_by === order.user_id ? order.confirmation_by : null;
  return {
    state: order.confirmation_state,
    at: order.confirmation_at,
    by: by === null ? null : { id: by, name: findUser(by)?.name ?? 'Unknown user' },
    channel: order.confirmation_channel,
    note: forStaff ? order.confirmation_note : null,
    expiresAt: expires ? new Date(Date.parse(order.created_at) + windowMs).toISOString() : null,
  };
}

function toItem(item: OrderItemWithProduct): OrderItem {
  return {
    id: item.id,
    product: item.product_id,
    Product: item.product ? { id: item.product_id, ...item.product } : null,
    name: item.name,
    image: item.image,
    category: item.category,
    price: fromMinor(item.unit_price),
    qty: item.qty,
    size: item.size,
  };
}

/** Who moved the order to Cancelled (a user id), read off its history; null while it is not cancelled. */
function cancellerOf(order: Pick<OrderRow, 'status' | 'changes'>): string | null {
  if (order.status !== 'Cancelled') return null;
  const changes = JSON.parse(order.changes) as StoredOrderChange[];
  return changes.findLast((change) => change[2] === 'Cancelled')?.[3] ?? null;
}

/** The order's payment attempts and proofs as timeline steps, each when it happened. */
function paymentSteps(db: ReadModelsDb, orderId: string): TimelinePayment[] {
  const { attempts, proofs } = paymentsOfOrder(db, { orderId });
  const steps: TimelinePayment[] = [];
  for (const attempt of attempts) {
    steps.push({ key: 'payment-started', at: attempt.started_at });
    if (attempt.state === 'failed' && attempt.settled_at) {
      steps.push({ key: 'payment-failed', at: attempt.settled_at, detail: attempt.message });
    }
  }
  for (const proof of proofs) {
    steps.push({ key: 'proof-sent', at: proof.submitted_at });
    if (proof.state === 'rejected' && proof.decided_at) {
      steps.push({ key: 'proof-rejected', at: proof.decided_at, detail: proof.reason });
    }
  }
  return steps;
}
