import { RETURN_TRANSITIONS, type ReturnRequestInput, type ReturnStatus, shopConfig } from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { orderNotFound } from '../orders/decide';
import { isPlaced, type OrderState } from '../orders/order';
import { discountByLine, refundForUnits } from './refund';
import {
  evolveReturn,
  initialReturnState,
  type ReturnEvent,
  type ReturnedLine,
  type ReturnState,
} from './return';

const DAY_MS = 86_400_000;

/**
 * The order's owner asks to return units of its delivered lines. The handler reads the order and its
 * earlier returns from their streams and hands them in, so the decision stays pure.
 */
export interface RequestReturn {
  type: 'RequestReturn';
  data: ReturnRequestInput & {
    returnId: string;
    orderId: string;
    by: string;
    at: string;
    order: OrderState;
    /** The order's earlier returns, as their streams stand. */
    earlier: readonly ReturnState[];
    windowDays: number;
  };
}

/** An admin moves a return along RETURN_TRANSITIONS. */
export interface ChangeReturnStatus {
  type: 'ChangeReturnStatus';
  data: { returnId: string; to: ReturnStatus; by: string; at: string };
}

export type ReturnCommand = RequestReturn | ChangeReturnStatus;

/**
 * The return's number was taken by a request that appended first: the handler reads the order's
 * returns again (the winner's units now count) and asks for the next number.
 */
export class ReturnNumberTaken extends Error {
  constructor(readonly returnId: string) {
    super(`Return ${returnId} already exists`);
    this.name = 'ReturnNumberTaken';
  }
}

export const returnNotFound = () => notFound('Return not found');

/**
 * Within `windowDays` of delivery, for units delivered and not already asked back by a return that
 * was not rejected. Someone else's order is 404; before delivery or after the window, 409; a line the
 * order lacks or too many units, 400 naming the item.
 */
export function requestReturn(command: RequestReturn, state: ReturnState): ReturnEvent[] {
  const { returnId, orderId, by, at, order, earlier, windowDays, items, reason } = command.data;
  if (state.status !== 'Absent') throw new ReturnNumberTaken(returnId);
  if (!isPlaced(order) || order.userId !== by) throw orderNotFound();
  if (!order.deliveredAt) throw conflict('Items can be returned once the order has been delivered.');
  const closesAt = Date.parse(order.deliveredAt) + windowDays * DAY_MS;
  if (Date.parse(at) > closesAt) {
    throw conflict(
      `The ${windowDays}-day return window of this order closed on ${formatDay(closesAt)}, so it can no longer be returned.`,
    );
  }
  const asked = unitsAskedBack(earlier);
  const discounts = discountByLine(order);
  const returned = items.map((item, index): ReturnedLine => {
    const line = order.lines.find((candidate) => candidate.lineId === item.orderItemId);
    if (!line) throw badRequest('This order has no such item.', `items.${index}.orderItemId`);
    const before = asked.get(line.lineId) ?? 0;
    const left = line.qty - before;
    if (item.qty > left) {
      throw badRequest(
        left === 0
          ? `All ${line.qty} of "${line.name}" have already been asked back.`
          : `Only ${left} of "${line.name}" can still be returned.`,
        `items.${index}.qty`,
      );
    }
    return {
      orderItemId: line.lineId,
      productId: line.productId,
      name: line.name,
      image: line.image,
      category: line.category,
      size: line.size,
      qty: item.qty,
      unitPrice: line.unitPrice,
      refund: refundForUnits(line, discounts.get(line.lineId) ?? 0, before, item.qty),
    };
  });
  const amount = returned.reduce((sum, line) => sum + line.refund, 0);
  return [
    {
      type: 'ReturnRequested',
      data: { returnId, orderId, userId: order.userId, items: returned, reason, amount, at },
    },
  ];
}

/** Units of each order line that returns still standing (not rejected) have asked back. */
export function unitsAskedBack(returns: readonly ReturnState[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const existing of returns) {
    if (existing.status === 'Absent' || existing.status === 'Rejected') continue;
    for (const item of existing.items) {
      asked.set(item.orderItemId, (asked.get(item.orderItemId) ?? 0) + item.qty);
    }
  }
  return asked;
}

/**
 * Requested -> Approved | Rejected, Approved -> Received, Received -> Refunded; anything else is
 * 409. Received carries the units that go back into stock, Refunded the amount paid back.
 */
export function changeReturnStatus(command: ChangeReturnStatus, state: ReturnState): ReturnEvent[] {
  if (state.status === 'Absent') throw returnNotFound();
  const { to, by, at } = command.data;
  if (!RETURN_TRANSITIONS[state.status].includes(to)) {
    throw conflict(
      state.status === to
        ? `This return is already ${to}.`
        : `A return that is ${state.status} cannot be marked ${to}.`,
    );
  }
  const decision = { returnId: state.returnId, orderId: state.orderId, userId: state.userId, by, at };
  switch (to) {
    case 'Approved':
      return [{ type: 'ReturnApproved', data: decision }];
    case 'Rejected':
      return [{ type: 'ReturnRejected', data: decision }];
    case 'Received':
      return [{ type: 'ReturnReceived', data: { ...decision, items: state.items.map(receivedLine) } }];
    case 'Refunded':
      return [
        {
          type: 'ReturnRefunded',
          data: { ...decision, amount: state.amount, items: state.items.map(refundedLine) },
        },
      ];
    default:
      // Requested is never a step anyone can take.
      throw conflict(`A return that is ${state.status} cannot be marked ${to}.`);
  }
}

const receivedLine = ({ orderItemId, productId, size, qty }: ReturnedLine) => ({
  orderItemId,
  productId,
  size,
  qty,
});
const refundedLine = ({ orderItemId, productId, category, qty, refund }: ReturnedLine) => ({
  orderItemId,
  productId,
  category,
  qty,
  refund,
});

/** `9 May 2024`, the day in the shop's time zone. */
function formatDay(ms: number): string {
  return new Intl.DateTimeFormat(shopConfig.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: shopConfig.timeZone,
  }).format(ms);
}

export function decideReturn(command: ReturnCommand, state: ReturnState): ReturnEvent[] {
  switch (command.type) {
    case 'RequestReturn':
      return requestReturn(command, state);
    case 'ChangeReturnStatus':
      return changeReturnStatus(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown return command ${JSON.stringify(unknown)}`);
    }
  }
}

export const returnDecider: Decider<ReturnState, ReturnCommand, ReturnEvent> = {
  initialState: initialReturnState,
  evolve: evolveReturn,
  decide: decideReturn,
};
