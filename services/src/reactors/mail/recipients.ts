import { type EventData, type EventStore, type EventType, StreamNotFound, streams } from '@shop/contracts';
import { readStreamOrEmpty } from '../../platform/commands/handle-command';
import { loadUser } from '../../slices/accounts/load-user';
import { evolveOrder, initialOrderState, isPlaced, type OrderEvent } from '../../slices/orders/order';

/** The customer's address and name as their stream says now; undefined for an unknown user. */
export async function customer(
  store: EventStore,
  userId: string,
): Promise<{ to: string; toName: string } | undefined> {
  const user = await loadUser(store, userId);
  return user.status === 'registered' ? { to: user.email, toName: user.name } : undefined;
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
 * Whether the order still waits for its cash-on-delivery confirmation, as its stream says now: a
 * request or reminder to confirm it is no longer needed once it was confirmed, expired or cancelled.
 */
export async function awaitsConfirmation(store: EventStore, orderId: string): Promise<boolean> {
  const events = await readStreamOrEmpty(store, streams.order(orderId));
  const order = (events as unknown as OrderEvent[]).reduce(evolveOrder, initialOrderState());
  return isPlaced(order) && order.confirmation === 'awaiting' && order.status !== 'Cancelled';
}
