import { ALLOWED_TRANSITIONS, type EventData, type OrderStatus } from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import { evolveOrder, initialOrderState, type OrderEvent, type OrderState, type PlacedOrder } from './order';

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

export type OrderCommand = PlaceOrder | ChangeOrderStatus;

export const orderNotFound = () => notFound('Order not found');

export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state.status !== 'Absent') throw conflict('This order has already been placed.');
  return [{ type: 'OrderPlaced', data: command.data }];
}

/**
 * Enforces ALLOWED_TRANSITIONS (a change to the same status is refused too). Paid marks the order
 * paid; Delivered marks it delivered and, for cash on delivery, paid at that moment.
 */
export function changeOrderStatus(command: ChangeOrderStatus, state: OrderState): OrderEvent[] {
  if (state.status === 'Absent') throw orderNotFound();
  const { to, by, at, orderId } = command.data;
  if (!canChange(state.status, to)) throw conflict(`Cannot change an order from ${state.status} to ${to}.`);
  const delivered = to === 'Delivered';
  const paid = !state.isPaid && (to === 'Paid' || (delivered && state.paymentMethod === 'COD'));
  return [{ type: 'StatusChanged', data: { orderId, from: state.status, to, by, paid, delivered, at } }];
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
