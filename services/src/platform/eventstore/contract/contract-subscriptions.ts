import type { AllSubscription, EventStore, RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ContractHarness } from './contract-harness';
import {
  anEvent,
  appendEach,
  eventsAfter,
  expectStrictlyIncreasing,
  positionsOf,
  someEvents,
} from './contract-helpers';

/** Keeps appending one event at a time, round-robin over the streams, as concurrent command handlers would. */
async function keepAppending(store: EventStore, streams: readonly string[], count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await store.append(streams[i % streams.length] ?? 'unreachable', someEvents((i % 3) + 1));
  }
}

/** The next delivered events that belong to `streams`, skipping batches of other tests' streams. */
async function nextEventsOf(
  iterator: AsyncIterator<RecordedEvent[]>,
  streams: readonly string[],
): Promise<RecordedEvent[]> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return [];
    const ours = next.value.filter((event) => streams.includes(event.streamName));
    if (ours.length > 0) return ours;
  }
}

export function subscriptionContract(h: ContractHarness): void {
  describe('subscribeToAll', () => {
    it('catches up from behind while appends continue, delivering each event once, in order', async () => {
      const [store, otherConnection] = [await h.open(), await h.open()];
      const streams = [h.streamName('s'), h.streamName('s'), h.streamName('s')];
      const otherStream = h.streamName('other-connection');
      const ours = (events: RecordedEvent[]) =>
        events.filter((event) => [...streams, otherStream].includes(event.streamName));
      await keepAppending(store, streams, 60);
      const history = await eventsAfter(store, 0, streams);
      const fromPosition = history[20]?.position ?? 0;
      const maxBatchSize = 25;
      const subscription = store.subscribeToAll({ fromPosition, maxBatchSize });

      const batches: RecordedEvent[][] = [];
      let lastSeen = 0;
      let target = Number.POSITIVE_INFINITY;
      const consuming = (async () => {
        for await (const batch of subscription) {
          batches.push(batch);
          lastSeen = batch.at(-1)?.position ?? lastSeen;
          if (lastSeen >= target) break;
        }
      })();
      await Promise.all([
        keepAppending(store, streams, 80),
        keepAppending(otherConnection, [otherStream], 80),
      ]);
      target = await store.headPosition();
      if (lastSeen >= target) await subscription.unsubscribe();
      await consuming;

      for (const batch of batches) {
        expect(batch.length).toBeGreaterThan(0);
        expect(batch.length).toBeLessThanOrEqual(maxBatchSize);
      }
      const delivered = ours(batches.flat());
      const truth = ours(await store.readAll({ fromPosition: fromPosition + 1 }));
      expect(delivered.map((event) => event.id)).toEqual(truth.map((event) => event.id));
      expect(new Set(delivered.map((event) => event.id)).size).toBe(delivered.length);
      expectStrictlyIncreasing(positionsOf(delivered));
      expect(delivered.length).toBeGreaterThan(300);
    });

    it('delivers only events after fromPosition', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 4);
      const [, second, ...rest] = await store.readStream(stream);
      const subscription = store.subscribeToAll({ fromPosition: second?.position ?? 0 });
      const delivered = await nextEventsOf(subscription[Symbol.asyncIterator](), [stream]);
      await subscription.unsubscribe();
      expect(delivered.map((event) => event.id)).toEqual(rest.map((event) => event.id));
    });

    it('delivers events appended through another connection', async () => {
      const [subscriber, writer] = [await h.open(), await h.open()];
      const stream = h.streamName();
      const subscription = subscriber.subscribeToAll({ fromPosition: await subscriber.headPosition() });
      const iterator = subscription[Symbol.asyncIterator]();
      const waiting = nextEventsOf(iterator, [stream]);
      const appended = anEvent();
      await writer.append(stream, [appended]);
      const delivered = await waiting;
      await subscription.unsubscribe();
      expect(delivered.map((event) => event.data)).toEqual([appended.data]);
    });

    it('ends a pending iteration when unsubscribed', async () => {
      const store = await h.open();
      const subscription: AllSubscription = store.subscribeToAll({
        fromPosition: await store.headPosition(),
      });
      const iterator = subscription[Symbol.asyncIterator]();
      const pending = iterator.next();
      await subscription.unsubscribe();
      expect(await pending).toEqual({ done: true, value: undefined });
      expect((await iterator.next()).done).toBe(true);
    });

    it('ends the iteration when the consumer breaks out of for await', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 3);
      const subscription = store.subscribeToAll({ fromPosition: 0 });
      for await (const batch of subscription) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
      const after = await subscription[Symbol.asyncIterator]().next();
      expect(after.done).toBe(true);
    });

    it('ends its subscriptions when the store is closed', async () => {
      const store = await h.open();
      const subscription = store.subscribeToAll({ fromPosition: await store.headPosition() });
      const pending = subscription[Symbol.asyncIterator]().next();
      await store.close();
      expect((await pending).done).toBe(true);
    });
  });
}
