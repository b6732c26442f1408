import type { AttemptState, ProofState } from '@shop/contracts';
import { evolveOrder, initialOrderState, type OrderEvent, type OrderState } from '../orders/order';

/** One JazzCash attempt, by its transaction reference. */
export interface Attempt {
  amount: number;
  state: AttemptState;
}

/** One proof of a manual transfer. */
export interface Proof {
  transactionId: string;
  state: ProofState;
}

/**
 * An order as the payment decisions see it: the order itself (folded by the order aggregate's own
 * evolve), the amount it costs, and its payments. Folded from the order's stream.
 */
export interface PaymentState {
  order: OrderState;
  /** Minor units: what the order costs, from its placing; null before it is placed. */
  total: number | null;
  attempts: ReadonlyMap<string, Attempt>;
  proofs: ReadonlyMap<string, Proof>;
}

export const initialPaymentState = (): PaymentState => ({
  order: initialOrderState(),
  total: null,
  attempts: new Map(),
  proofs: new Map(),
});

/** Pure: a changed map is a new map, since a folded state is handed out again from the cache. */
export function evolvePayment(state: PaymentState, event: OrderEvent): PaymentState {
  const next = { ...state, order: evolveOrder(state.order, event) };
  switch (event.type) {
    case 'OrderPlaced':
      return { ...next, total: event.data.totalPrice };
    case 'PaymentStarted':
      return {
        ...next,
        attempts: withEntry(state.attempts, event.data.txnRef, {
          amount: event.data.amount,
          state: 'pending',
        }),
      };
    case 'PaymentSucceeded':
      return { ...next, attempts: settled(state.attempts, event.data.txnRef, 'succeeded') };
    case 'PaymentFailed':
      return { ...next, attempts: settled(state.attempts, event.data.txnRef, 'failed') };
    case 'PaymentProofSubmitted': {
      const proof: Proof = { transactionId: event.data.transactionId, state: 'submitted' };
      return { ...next, proofs: withEntry(state.proofs, event.data.proofId, proof) };
    }
    case 'PaymentProofAccepted':
      return { ...next, proofs: decided(state.proofs, event.data.proofId, 'accepted') };
    case 'PaymentProofRejected':
      return { ...next, proofs: decided(state.proofs, event.data.proofId, 'rejected') };
    default:
      return next;
  }
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  return new Map(map).set(key, value);
}

function settled(attempts: ReadonlyMap<string, Attempt>, txnRef: string, state: AttemptState) {
  const attempt = attempts.get(txnRef);
  return attempt ? withEntry(attempts, txnRef, { ...attempt, state }) : attempts;
}

function decided(proofs: ReadonlyMap<string, Proof>, proofId: string, state: ProofState) {
  const proof = proofs.get(proofId);
  return proof ? withEntry(proofs, proofId, { ...proof, state }) : proofs;
}
