import type { EventData, NoticeRejection, PaymentChannel } from '@shop/contracts';
import type { Decider } from '../../platform/commands/handle-command';
import { conflict, notFound } from '../../platform/errors';
import { isPlaced, type OrderEvent, type PlacedOrder } from '../orders/order';
import { evolvePayment, initialPaymentState, type PaymentState } from './payment';

/** The owner asks to pay the order online: the attempt is recorded before the form is handed out. */
export interface StartPayment {
  type: 'StartPayment';
  data: { orderId: string; by: string; txnRef: string; expiresAt: string; at: string };
}

/** What JazzCash said about a transaction, once its hash was found right. */
export type GatewayOutcome = 'paid' | 'failed' | 'pending';

/** A notice believed (its hash is right) about a transaction of this order. */
export interface SettlePayment {
  type: 'SettlePayment';
  data: {
    orderId: string;
    noticeId: string;
    txnRef: string;
    /** Minor units, as JazzCash stated them; null when the notice stated none. */
    amount: number | null;
    outcome: GatewayOutcome;
    code: string;
    message: string;
    authCode: string;
    retrievalRef: string;
    via: PaymentChannel;
    at: string;
  };
}

/** The shopper proves a manual transfer. */
export interface SubmitProof {
  type: 'SubmitProof';
  data: { orderId: string; by: string; proofId: string; transactionId: string; image: string; at: string };
}

/** An admin accepts a proof (the order is Paid) or rejects it with a reason. */
export interface AcceptProof {
  type: 'AcceptProof';
  data: { orderId: string; proofId: string; by: string; at: string };
}
export interface RejectProof {
  type: 'RejectProof';
  data: { orderId: string; proofId: string; by: string; reason: string; at: string };
}

export type PaymentCommand = StartPayment | SettlePayment | SubmitProof | AcceptProof | RejectProof;

const orderNotFound = () => notFound('Order not found');

/**
 * Whether the order can be paid now: placed, not cash on delivery (that is paid at the door),
 * unpaid and still Pending. Throws the 409 that says why not.
 */
function assertPayable(order: PlacedOrder): void {
  if (order.paymentMethod === 'COD') {
    throw conflict('This order is paid cash on delivery: it is paid at the door.');
  }
  if (order.isPaid) throw conflict('This order has been paid already.');
  if (order.status !== 'Pending') {
    throw conflict(`This order is ${order.status} and can no longer be paid.`);
  }
}

export function startPayment(command: StartPayment, state: PaymentState): OrderEvent[] {
  const { orderId, by, txnRef, expiresAt, at } = command.data;
  const order = state.order;
  if (!isPlaced(order) || order.userId !== by) throw orderNotFound();
  assertPayable(order);
  if (state.attempts.has(txnRef)) throw conflict('This payment has been started already.');
  const data = { orderId, userId: order.userId, txnRef, amount: state.total ?? 0, expiresAt, at };
  return [{ type: 'PaymentStarted', data }];
}

/**
 * JazzCash's word on a transaction, applied once: the same news again changes nothing. A notice for
 * a transaction this order never started, for another amount, for an order that can no longer be
 * paid, or contradicting what was settled is recorded and changes nothing. Still pending: nothing.
 */
export function settlePayment(command: SettlePayment, state: PaymentState): OrderEvent[] {
  const c = command.data;
  const order = state.order;
  if (!isPlaced(order)) throw orderNotFound();
  const attempt = state.attempts.get(c.txnRef);
  const rejected = (reason: NoticeRejection): OrderEvent[] => [
    {
      type: 'PaymentNoticeRejected',
      data: {
        noticeId: c.noticeId,
        orderId: c.orderId,
        txnRef: c.txnRef,
        via: c.via,
        reason,
        code: c.code,
        amount: c.amount,
        at: c.at,
      },
    },
  ];
  if (!attempt) return rejected('unknown-reference');
  if (c.amount !== null && c.amount !== attempt.amount) return rejected('amount-mismatch');
  if (c.outcome === 'pending') return [];
  const settledAs = c.outcome === 'paid' ? 'succeeded' : 'failed';
  if (attempt.state === settledAs) return [];
  if (attempt.state !== 'pending') return rejected('already-settled');
  const { orderId, txnRef, via, at } = c;
  const userId = order.userId;
  if (c.outcome === 'failed') {
    return [
      { type: 'PaymentFailed', data: { orderId, userId, txnRef, via, code: c.code, message: c.message, at } },
    ];
  }
  if (order.isPaid || order.status !== 'Pending') return rejected('order-not-payable');
  const { authCode, retrievalRef } = c;
  return [
    {
      type: 'PaymentSucceeded',
      data: { orderId, userId, txnRef, amount: attempt.amount, via, authCode, retrievalRef, at },
    },
    paidBy(order, 'system', at),
  ];
}

export function submitProof(command: SubmitProof, state: PaymentState): OrderEvent[] {
  const { orderId, by, proofId, transactionId, image, at } = command.data;
  const order = state.order;
  if (!isPlaced(order) || order.userId !== by) throw orderNotFound();
  assertPayable(order);
  for (const proof of state.proofs.values()) {
    if (proof.state === 'submitted') {
      throw conflict('Your proof of payment is being checked: please wait for our answer.');
    }
  }
  const data = { proofId, orderId, userId: order.userId, transactionId, image, amount: state.total ?? 0, at };
  return [{ type: 'PaymentProofSubmitted', data }];
}

/** Accepting twice changes nothing; a rejected proof cannot be accepted, nor a proof of a paid order. */
export function acceptProof(command: AcceptProof, state: PaymentState): OrderEvent[] {
  const { orderId, proofId, by, at } = command.data;
  const order = state.order;
  const proof = state.proofs.get(proofId);
  if (!isPlaced(order) || !proof) throw notFound('Proof of payment not found');
  if (proof.state === 'accepted') return [];
  if (proof.state === 'rejected') throw conflict('This proof was rejected; the shopper can send another.');
  assertPayable(order);
  const data: EventData<'PaymentProofAccepted'> = {
    proofId,
    orderId,
    userId: order.userId,
    transactionId: proof.transactionId,
    amount: state.total ?? 0,
    by,
    at,
  };
  return [{ type: 'PaymentProofAccepted', data }, paidBy(order, by, at)];
}

/** Rejecting twice changes nothing; an accepted proof cannot be rejected (the order is Paid). */
export function rejectProof(command: RejectProof, state: PaymentState): OrderEvent[] {
  const { orderId, proofId, by, reason, at } = command.data;
  const order = state.order;
  const proof = state.proofs.get(proofId);
  if (!isPlaced(order) || !proof) throw notFound('Proof of payment not found');
  if (proof.state === 'rejected') return [];
  if (proof.state === 'accepted') throw conflict('This proof was accepted: the order is paid.');
  return [{ type: 'PaymentProofRejected', data: { proofId, orderId, userId: order.userId, reason, by, at } }];
}

/** The order moves from Pending to Paid, as an admin's change to Paid would. */
function paidBy(order: PlacedOrder, by: string, at: string): OrderEvent {
  const data = {
    orderId: order.orderId,
    from: order.status,
    to: 'Paid' as const,
    by,
    paid: true,
    delivered: false,
    at,
  };
  return { type: 'StatusChanged', data };
}

export function decidePayment(command: PaymentCommand, state: PaymentState): OrderEvent[] {
  switch (command.type) {
    case 'StartPayment':
      return startPayment(command, state);
    case 'SettlePayment':
      return settlePayment(command, state);
    case 'SubmitProof':
      return submitProof(command, state);
    case 'AcceptProof':
      return acceptProof(command, state);
    case 'RejectProof':
      return rejectProof(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown payment command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The payment decisions over the order's stream (`order-{id}`). */
export const paymentDecider: Decider<PaymentState, PaymentCommand, OrderEvent> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
