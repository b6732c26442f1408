import {
  fromMinor,
  normaliseOrderReference,
  type Order,
  type OrderItem,
  type OrderNote,
  type OrderTracking,
  type StatusChange,
  shopConfig,
  trackingProgress,
  type User,
} from '@shop/contracts';
import { findCustomer } from '../customers/queries';
import type { ReadModelsDb } from '../database';
import { returnSteps } from '../returns/answers';
import { listReturnsOfOrder } from '../returns/queries';
import {
  cancellerOf,
  findOrder,
  findOrderIdByReference,
  listAllOrders,
  listOrderNotes,
  listOrdersOfUser,
  type OrderDetail,
  type OrderItemWithProduct,
  type OrderWithItems,
} from './queries';
import { buildTimeline } from './timeline';

const DAY_MS = 86_400_000;

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
export function orderDetails(db: ReadModelsDb, args: { id: string; history?: boolean }): Order | undefined {
  const detail = findOrder(db, { id: args.id });
  return detail && toOrder(db, detail, args.history ?? false);
}

/** A customer's orders, newest first. */
export function ordersOfUser(db: ReadModelsDb, args: { userId: string }): Order[] {
  return listOrdersOfUser(db, args).map((order) => toOrder(db, order));
}

/** Every order, newest first (the admin list). */
export function allOrders(db: ReadModelsDb): Order[] {
  return listAllOrders(db).map((order) => toOrder(db, order));
}

/**
 * The tracking page: the order, its progress and its timeline from its real status changes, its
 * returns and their refunds.
 */
export function orderTracking(db: ReadModelsDb, args: { id: string }): OrderTracking | undefined {
  const detail = findOrder(db, args);
  if (!detail) return undefined;
  const order = toOrder(db, detail);
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
      returns: listReturnsOfOrder(db, { orderId: order.id }).map((row) => ({
        id: row.id,
        amount: row.amount,
        units: (JSON.parse(row.items) as { qty: number }[]).reduce((sum, line) => sum + line.qty, 0),
        steps: returnSteps(row).map(([status, at]) => ({ status, at })),
      })),
    }),
  };
}

/**
 * Money in major units, the customer as they are now, lines under both `OrderItems` and
 * `orderItems` (the spec names both).
 */
function toOrder(db: ReadModelsDb, source: OrderWithItems | OrderDetail, history = false): Order {
  const { order } = source;
  const findUser = (id: string): User | undefined => findCustomer(db, { id });
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
