import {
  ALLOWED_TRANSITIONS,
  CANCELLABLE_BY_SHOPPER,
  type ConfirmationChannel,
  type EventData,
  type OrderStatus,
} from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound, serviceUnavailable } from '../../platform/errors';
import {
  evolveOrder,
  initialOrderState,
  isPlaced,
  type OrderEvent,
  type OrderState,
  type PlacedOrder,
} from './order';

/** Place an order that the handler has already priced and whose stock it has reserved. */
export interface PlaceOrder {
  type: 'PlaceOrder';
  data: EventData<'OrderPlaced'>;
}

/** An admin moves the order along the state machine. */
export interface ChangeOrderStatus {
  type: 'ChangeOrderStatus';
  data: { orderId: string; to: OrderStatus; by: string; at: string };
}

/** The shopper who placed the order cancels it, while it is still Pending or Paid. */
export interface CancelOrder {
  type: 'CancelOrder';
  data: { orderId: string; by: string; at: string };
}

/** An admin leaves a note on the order. */
export interface AddOrderNote {
  type: 'AddOrderNote';
  data: EventData<'OrderNoteAdded'>;
}

/** The reservation sweep gives up on an order whose stock it found reserved long ago and never placed. */
export interface AbandonOrder {
  type: 'AbandonOrder';
  data: { orderId: string; at: string };
}

/**
 * A cash-on-delivery order is confirmed: by the link in its message (anyone holding the signed
 * token), by its owner on the order page, or by an admin who phoned (with a note). `windowMs` is the
 * confirmation window (null: the window is off), which binds every channel.
 */
export interface ConfirmOrder {
  type: 'ConfirmOrder';
  data: {
    orderId: string;
    by: string;
    channel: ConfirmationChannel;
    note?: string;
    windowMs: number | null;
    at: string;
  };
}

/** The confirmation process at a moment: the reminder halfway through the window, the expiry at its end. */
export interface RemindConfirmation {
  type: 'RemindConfirmation';
  data: { orderId: string; windowMs: number; at: string };
}
export interface ExpireConfirmation {
  type: 'ExpireConfirmation';
  data: { orderId: string; windowMs: number; at: string };
}

export type OrderCommand =
  | PlaceOrder
  | ChangeOrderStatus
  | CancelOrder
  | AddOrderNote
  | AbandonOrder
  | ConfirmOrder
  | RemindConfirmation
  | ExpireConfirmation;

export const orderNotFound = () => notFound('Order not found');

export const PLACING_TOOK_TOO_LONG =
  'Placing your order took too long, so nothing was ordered. Please try again.';

export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'Abandoned') throw serviceUnavailable(PLACING_TOOK_TOO_LONG);
  if (state.status !== 'Absent') throw conflict('This order has already been placed.');
  return [{ type: 'OrderPlaced', data: command.data }];
}

/**
 * Enforces ALLOWED_TRANSITIONS (a change to the same status is refused too). Paid marks the order
 * paid; Delivered marks it delivered and, for cash on delivery, paid at that moment.
 */
export function changeOrderStatus(command: ChangeOrderStatus, state: OrderState): OrderEvent[] {
  if (!isPlaced(state)) throw orderNotFound();
  const { to, by, at, orderId } = command.data;
  if (!canChange(state.status, to)) throw conflict(`Cannot change an order from ${state.status} to ${to}.`);
  const delivered = to === 'Delivered';
  const paid = !state.isPaid && (to === 'Paid' || (delivered && state.paymentMethod === 'COD'));
  return [{ type: 'StatusChanged', data: { orderId, from: state.status, to, by, paid, delivered, at } }];
}

/**
 * The owner's cancellation: the same StatusChanged an admin's would be, with the shopper as `by`.
 * Someone else's order is 404 (as if it did not exist); once the shop has started on it, 409.
 */
export function cancelOrder(command: CancelOrder, state: OrderState): OrderEvent[] {
  const { orderId, by, at } = command.data;
  if (!isPlaced(state) || state.userId !== by) throw orderNotFound();
  if (state.status === 'Cancelled') throw conflict('This order has already been cancelled.');
  if (!CANCELLABLE_BY_SHOPPER.includes(state.status)) {
    throw conflict(
      `This order is already ${state.status} and can no longer be cancelled. Please contact us if you need help with it.`,
    );
  }
  return [
    {
      type: 'StatusChanged',
      data: { orderId, from: state.status, to: 'Cancelled', by, paid: false, delivered: false, at },
    },
  ];
}

export function addOrderNote(command: AddOrderNote, state: OrderState): OrderEvent[] {
  if (!isPlaced(state)) throw orderNotFound();
  return [{ type: 'OrderNoteAdded', data: command.data }];
}

/** Nothing once abandoned already; refused (409) for an order that was placed after all. */
export function abandonOrder(command: AbandonOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'Abandoned') return [];
  if (state.status !== 'Absent') throw conflict('This order has been placed.');
  return [{ type: 'OrderAbandoned', data: command.data }];
}

/**
 * Records a confirmation. Confirming again changes nothing (a link clicked twice); an order that
 * needs none, expired unconfirmed (or whose window has ended, though the expiry sweep has not run
 * yet), or is over (cancelled, refused, delivered) is 409. The order page is its owner's only
 * (someone else's order is 404).
 */
export function confirmOrder(command: ConfirmOrder, state: OrderState): OrderEvent[] {
  const { orderId, by, channel, note, windowMs, at } = command.data;
  if (!isPlaced(state) || (channel === 'order-page' && state.userId !== by)) throw orderNotFound();
  if (state.confirmation === 'confirmed') return [];
  if (state.confirmation === 'not-needed') {
    throw conflict('This order is not paid cash on delivery: it needs no confirmation.');
  }
  if (state.confirmation === 'expired') throw conflict(CONFIRMATION_EXPIRED);
  if (FINAL_STATUSES.includes(state.status)) {
    throw conflict(`This order is already ${state.status} and can no longer be confirmed.`);
  }
  // The expiry sweep runs every little while; the deadline holds from its very moment.
  if (windowMs !== null && Date.parse(at) >= deadlineOf(state, windowMs)) {
    throw conflict(CONFIRMATION_EXPIRED);
  }
  const data = { orderId, userId: state.userId, by, channel, at, ...(note ? { note } : {}) };
  return [{ type: 'OrderConfirmed', data }];
}

export const CONFIRMATION_EXPIRED =
  'This order was not confirmed in time and was cancelled. Please place it again.';

const FINAL_STATUSES: readonly OrderStatus[] = ['Cancelled', 'Refused', 'Delivered'];

/**
 * An order awaiting its confirmation that has not shipped: the only one to remind or expire, and to
 * ask again (a request or reminder that falls due later is withdrawn).
 */
export const awaitsConfirmation = (state: OrderState): state is PlacedOrder =>
  isPlaced(state) && state.confirmation === 'awaiting' && canChange(state.status, 'Cancelled');

const deadlineOf = (state: PlacedOrder, windowMs: number) => Date.parse(state.placedAt) + windowMs;

/**
 * The one reminder, from halfway through the window; nothing before then, nor for an order
 * reminded, confirmed, shipped or over already (several instances may all try: one append wins).
 */
export function remindConfirmation(command: RemindConfirmation, state: OrderState): OrderEvent[] {
  if (!isPlaced(state)) throw orderNotFound();
  const { orderId, windowMs, at } = command.data;
  if (!awaitsConfirmation(state) || state.reminded) return [];
  const deadline = deadlineOf(state, windowMs);
  if (Date.parse(at) < deadline - windowMs / 2) return [];
  const expiresAt = new Date(deadline).toISOString();
  return [{ type: 'OrderConfirmationReminded', data: { orderId, userId: state.userId, expiresAt, at } }];
}

/**
 * At the end of the window, an order still awaiting confirmation is cancelled by the shop (`system`),
 * with the expiry, in one append; nothing before then or once settled.
 */
export function expireConfirmation(command: ExpireConfirmation, state: OrderState): OrderEvent[] {
  if (!isPlaced(state)) throw orderNotFound();
  const { orderId, windowMs, at } = command.data;
  if (!awaitsConfirmation(state) || Date.parse(at) < deadlineOf(state, windowMs)) return [];
  return [
    { type: 'OrderConfirmationExpired', data: { orderId, userId: state.userId, at } },
    {
      type: 'StatusChanged',
      data: { orderId, from: state.status, to: 'Cancelled', by: 'system', paid: false, delivered: false, at },
    },
  ];
}

export function canChange(from: PlacedOrder['status'], to: OrderStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'ChangeOrderStatus':
      return changeOrderStatus(command, state);
    case 'CancelOrder':
      return cancelOrder(command, state);
    case 'AddOrderNote':
      return addOrderNote(command, state);
    case 'AbandonOrder':
      return abandonOrder(command, state);
    case 'ConfirmOrder':
      return confirmOrder(command, state);
    case 'RemindConfirmation':
      return remindConfirmation(command, state);
    case 'ExpireConfirmation':
      return expireConfirmation(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown order command ${JSON.stringify(unknown)}`);
    }
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
