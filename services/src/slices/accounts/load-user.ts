import { type EventStore, streams } from '@shop/contracts';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { userDecider } from './decide';
import type { UserState } from './user';

/** A user's state folded from their stream (the source of truth, not the read model). */
export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await aggregateStream(store, streams.user(userId), userDecider)).state;
}
