import type { AllSubscription, EventStore, RecordedEvent } from '@shop/contracts';

/** Positions 65,536 apart, as PostgreSQL's are from one transaction to the next (decision 015). */
export const POSITIONS_PER_EVENT = 65_536;

/** `store` with every position multiplied by POSITIONS_PER_EVENT: the same log, its positions sparse. */
export function withSparsePositions(store: EventStore): EventStore {
  const sparse = (event: RecordedEvent): RecordedEvent => ({
    ...event,
    position: event.position * POSITIONS_PER_EVENT,
  });
  // A bound that excludes its position rounds down, one that includes it rounds up.
  const excluding = <P>(position: P): P =>
    (typeof position === 'number' ? Math.floor(position / POSITIONS_PER_EVENT) : position) as P;
  const including = <P>(position: P): P =>
    (typeof position === 'number' ? Math.ceil(position / POSITIONS_PER_EVENT) : position) as P;
  return {
    ...store,
    append: async (stream, events, options) => {
      const appended = await store.append(stream, events, options);
      return { ...appended, position: appended.position * POSITIONS_PER_EVENT };
    },
    readAll: async (options = {}) =>
      (
        await store.readAll({
          ...options,
          ...(options.fromPosition === undefined ? {} : { fromPosition: including(options.fromPosition) }),
        })
      ).map(sparse),
    subscribeToAll(options): AllSubscription {
      const inner = store.subscribeToAll({ ...options, fromPosition: excluding(options.fromPosition) });
      return {
        unsubscribe: () => inner.unsubscribe(),
        async *[Symbol.asyncIterator]() {
          for await (const batch of inner) yield batch.map(sparse);
        },
      };
    },
    headPosition: async () => (await store.headPosition()) * POSITIONS_PER_EVENT,
    countAfter: (position, limit) => store.countAfter(excluding(position), limit),
  };
}
