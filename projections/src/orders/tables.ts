import type { ConfirmationChannel, ConfirmationState, OrderStatus, PaymentMethod } from '@shop/contracts';
import type { Selectable } from 'kysely';

/**
 * One row per placed order, as it stands now, with its lines and status changes in it (JSON arrays
 * of the `order_items` and `order_status_changes` views' columns, positional, less the order id and
 * the line number). Money in minor units, times ISO strings.
 */
export interface OrdersTable {
  id: string;
  user_id: string;
  status: OrderStatus;
  is_paid: number;
  paid_at: string | null;
  is_delivered: number;
  delivered_at: string | null;
  payment_method: PaymentMethod;
  ship_full_name: string;
  ship_address: string;
  ship_city: string;
  ship_postal_code: string;
  ship_country: string;
  ship_phone: string;
  /** `ship_phone` reduced to one form (contracts' `phoneKey`), for the admin's phone search. */
  phone_key: string;
  items_price: number;
  discount: number;
  shipping_price: number;
  total_price: number;
  affiliate_code: string | null;
  affiliate_user_id: string | null;
  /** The shopper's note for the courier (migration 018); null when they left none. */
  delivery_note: string | null;
  created_at: string;
  updated_at: string;
  /** JSON: the order's lines in order, each [id, product_id, name, image, category, unit_price, qty, size]. Read them through `order_items`. */
  lines: string;
  /** JSON: its status changes oldest first, each [seq, from_status, to_status, by_user_id, at]. Read them through `order_status_changes`. */
  changes: string;
  /** The short reference people quote (`AX-7K3M9Q`), as OrderPlaced carries it. */
  reference: string;
  /** Cash on delivery's confirmation (migration 022): `awaiting` from a COD order's start. */
  confirmation_state: ConfirmationState;
  /** When it was confirmed or expired. */
  confirmation_at: string | null;
  /** Who confirmed it (the shopper, or the admin who phoned). */
  confirmation_by: string | null;
  confirmation_channel: ConfirmationChannel | null;
  confirmation_note: string | null;
  /** 1 once the reminder halfway through the window went out. */
  confirmation_reminded: number;
}

/** A parcel refused at the door (status Refused), counted against the order's account and phone. */
export interface CodRefusalsTable {
  order_id: string;
  user_id: string;
  /** The order's shipping phone, normalised (contracts' `phoneKey`). */
  phone_key: string;
  at: string;
}

/** An admin's latest lift of a customer's refusal limit: COD again until a refusal beyond `refusals`. */
export interface CodLimitLiftsTable {
  user_id: string;
  refusals: number;
  at: string;
}

/** A view of each order's `lines`: its lines, priced and named as they were when it was placed. */
export interface OrderItemsView {
  id: string;
  order_id: string;
  /** Position of the line in the order, from 0. */
  line_no: number;
  product_id: string;
  name: string;
  image: string;
  category: string;
  unit_price: number;
  qty: number;
  size: string;
}

/** A view of each order's `changes`. Every status change: from, to, who and when; `seq` is its event's position in the log, rising within an order (read models built before decision 011 counted from 1: the order is the same). */
export interface OrderStatusChangesView {
  order_id: string;
  seq: number;
  from_status: OrderStatus;
  to_status: OrderStatus;
  by_user_id: string;
  at: string;
}

/** An admin's note on an order, in the order of the log (`seq` is its event's position). */
export interface OrderNotesTable {
  order_id: string;
  seq: number;
  note_id: string;
  text: string;
  by_user_id: string;
  at: string;
}

/**
 * Stock held that the sweep may have to give back: reserved for an order that has not appeared
 * (`unplaced`), held by a cancelled order until its units are back (`cancelled`), or units of a
 * delivered order that came back in a return until they are back in stock (`returned`). The sweep
 * releases an `unplaced` one left behind by a crash, and a `cancelled` or `returned` one whose
 * release was cut short. A row leaves when its units are released or its order appears: an open
 * order's stock is its lines (decision 013).
 */
export interface OpenReservationsTable {
  order_id: string;
  product_id: string;
  qty: number;
  /** When the stock was reserved; for a cancelled order's, when the order was placed; for a return's, when it came back. */
  reserved_at: string;
  order_state: 'unplaced' | 'cancelled' | 'returned';
  /** When the order reached `order_state` (the reservation time while unplaced). */
  state_at: string;
}

/**
 * How many orders stand in each combination of what the admin's list filters on, per calendar day
 * placed (the shop's time zone): the total of a filtered list is a sum of a few of these rows.
 */
export interface OrderCountsTable {
  day: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  is_paid: number;
  is_delivered: number;
  orders: number;
}

/** An entry of `orders.lines`: the `order_items` view's columns but the order id and line number. */
export type StoredOrderLine = [
  OrderItemsView['id'],
  OrderItemsView['product_id'],
  OrderItemsView['name'],
  OrderItemsView['image'],
  OrderItemsView['category'],
  OrderItemsView['unit_price'],
  OrderItemsView['qty'],
  OrderItemsView['size'],
];
/** An entry of `orders.changes`: the `order_status_changes` view's columns but the order id. */

export type StoredOrderChange = [
  OrderStatusChangesView['seq'],
  OrderStatusChangesView['from_status'],
  OrderStatusChangesView['to_status'],
  OrderStatusChangesView['by_user_id'],
  OrderStatusChangesView['at'],
];

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsView>;
export type OrderStatusChangeRow = Selectable<OrderStatusChangesView>;
export type OrderNoteRow = Selectable<OrderNotesTable>;
export type OpenReservationRow = Selectable<OpenReservationsTable>;

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
