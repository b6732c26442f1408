import { type EventStore, streams } from '@shop/contracts';
import { readStreamOrEmpty } from '../../platform/commands/handle-command';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './user';

/** A user's state folded from their stream (the source of truth, not the read model). */
export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  const history = await readStreamOrEmpty(store, streams.user(userId));
  return history.reduce(
    (state, event) => evolveUser(state, event as unknown as UserEvent),
    initialUserState(),
  );
}
