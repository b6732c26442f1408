import { type EventData, type EventStore, StreamNotFound, streams } from '@shop/contracts';
import { loadUser } from '../../slices/accounts/load-user';

/** The customer's address and name as their stream says now; undefined for an unknown user. */
export async function customer(
  store: EventStore,
  userId: string,
): Promise<{ to: string; toName: string } | undefined> {
  const user = await loadUser(store, userId);
  return user.status === 'registered' ? { to: user.email, toName: user.name } : undefined;
}

/** The order as it was placed (its stream's first event); undefined for an unknown order. */
export async function placedOrder(
  store: EventStore,
  orderId: string,
): Promise<EventData<'OrderPlaced'> | undefined> {
  try {
    const [first] = await store.readStream(streams.order(orderId), { maxCount: 1 });
    return first?.type === 'OrderPlaced' ? (first.data as EventData<'OrderPlaced'>) : undefined;
  } catch (error) {
    if (error instanceof StreamNotFound) return undefined;
    throw error;
  }
}
