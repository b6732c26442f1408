import {
  type AllSubscription,
  type EventStore,
  type RecordedEvent,
  type SchemaVersions,
  type UpcasterRegistry,
  upcastData,
} from '@shop/contracts';

/**
 * Wraps a store so that every event read (by handlers, by projectors, by reports) arrives at its
 * current schema version, and every event appended is stamped with its current version.
 * Stored events are never rewritten.
 */
export function upcastingStore(
  store: EventStore,
  versions: SchemaVersions,
  upcasters: UpcasterRegistry,
): EventStore {
  const upcast = (event: RecordedEvent): RecordedEvent => {
    const current = versions[event.type] ?? 1;
    const stored = event.metadata.schemaVersion ?? 1;
    if (stored >= current) return event;
    return {
      ...event,
      data: upcastData(upcasters, event.type, stored, current, event.data),
      metadata: { ...event.metadata, schemaVersion: current },
    };
  };
  return {
    append: (stream, events, options) =>
      store.append(
        stream,
        events.map((e) => ({ ...e, metadata: { schemaVersion: versions[e.type] ?? 1, ...e.metadata } })),
        options,
      ),
    readStream: async (stream, options) => (await store.readStream(stream, options)).map(upcast),
    readAll: async (options) => (await store.readAll(options)).map(upcast),
    subscribeToAll(options): AllSubscription {
      const inner = store.subscribeToAll(options);
      return {
        unsubscribe: () => inner.unsubscribe(),
        async *[Symbol.asyncIterator]() {
          for await (const batch of inner) yield batch.map(upcast);
        },
      };
    },
    headPosition: () => store.headPosition(),
    countAfter: (position, limit) => store.countAfter(position, limit),
    close: () => store.close(),
  };
}
