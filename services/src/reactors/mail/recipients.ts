import { type EventData, type EventStore, type EventType, StreamNotFound, streams } from '@shop/contracts';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { loadUser } from '../../slices/accounts/load-user';
import { awaitsConfirmation, orderDecider } from '../../slices/orders/decide';

/** A recipient as their stream says now: whether the address was verified decides what she is sent. */
export interface Recipient {
  to: string;
  toName: string;
  verified: boolean;
}

/** The customer's address and name as their stream says now; undefined for an unknown user or one without an e-mail. */
export async function customer(store: EventStore, userId: string): Promise<Recipient | undefined> {
  const user = await loadUser(store, userId);
  if (user.status !== 'registered' || !user.email) return undefined;
  return { to: user.email, toName: user.name, verified: user.emailVerified };
}

/** The order as it was placed (its stream's first event); undefined for an unknown order. */
export const placedOrder = (store: EventStore, orderId: string) =>
  firstEventOf(store, streams.order(orderId), 'OrderPlaced');

/** The return as the shopper asked for it (its stream's first event); undefined for an unknown return. */
export const requestedReturn = (store: EventStore, returnId: string) =>
  firstEventOf(store, streams.orderReturn(returnId), 'ReturnRequested');

/** The data of a stream's first event when it is of `type`; undefined when the stream is not there. */
async function firstEventOf<T extends EventType>(
  store: EventStore,
  stream: string,
  type: T,
): Promise<EventData<T> | undefined> {
  try {
    const [first] = await store.readStream(stream, { maxCount: 1 });
    return first?.type === type ? (first.data as EventData<T>) : undefined;
  } catch (error) {
    if (error instanceof StreamNotFound) return undefined;
    throw error;
  }
}

/**
 * The order as it was placed, and whether it still awaits its cash-on-delivery confirmation, from one
 * read of its stream: a request or reminder to confirm is not needed once it was confirmed, expired,
 * cancelled or shipped.
 */
export async function orderToConfirm(
  store: EventStore,
  orderId: string,
): Promise<{ placed: EventData<'OrderPlaced'> | undefined; awaiting: boolean }> {
  const { state, events } = await aggregateStream(store, streams.order(orderId), orderDecider);
  const first = events[0];
  return {
    placed: first?.type === 'OrderPlaced' ? first.data : undefined,
    awaiting: awaitsConfirmation(state),
  };
}

/** The proof a rejection is about, as the shopper sent it; undefined when it is not on the order. */
export async function submittedProof(
  store: EventStore,
  orderId: string,
  proofId: string,
): Promise<{ transactionId: string; amount: number } | undefined> {
  const { events } = await aggregateStream(store, streams.order(orderId), orderDecider);
  for (const event of events) {
    if (event.type === 'PaymentProofSubmitted' && event.data.proofId === proofId) {
      return { transactionId: event.data.transactionId, amount: event.data.amount };
    }
  }
  return undefined;
}
