import type { RecordedEvent } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { CatchUpSubscription } from './catch-up-subscription';

const anEvent = (position: number): RecordedEvent => ({
  id: `e-${position}`,
  streamName: 'news',
  type: 'Happened',
  revision: position - 1,
  position,
  data: null,
  metadata: { schemaVersion: 1, actor: 'system' },
  timestamp: 0,
});

/** The first batch the subscription delivers, or 'still sleeping' if none came in `withinMs`. */
function firstBatchWithin(subscription: CatchUpSubscription, withinMs: number) {
  const iterator = subscription[Symbol.asyncIterator]();
  return Promise.race([
    iterator.next().then((result) => result.value?.map((event: RecordedEvent) => event.position)),
    new Promise<string>((resolve) => setTimeout(() => resolve('still sleeping'), withinMs).unref()),
  ]);
}

describe('catch-up subscription', () => {
  it('reads again at once when woken during a read that missed the announced event', async () => {
    const log: RecordedEvent[] = [];
    let reads = 0;
    const subscription: CatchUpSubscription = new CatchUpSubscription(
      {
        readAfter: (position) => {
          reads += 1;
          const seen = log.filter((event) => event.position > position);
          // The read's snapshot was taken before the append committed; its wake arrives meanwhile.
          if (reads === 1) {
            log.push(anEvent(1));
            subscription.wake();
          }
          return seen;
        },
      },
      { fromPosition: 0, maxBatchSize: 10, pollIntervalMs: 60_000 },
    );
    expect(await firstBatchWithin(subscription, 2_000)).toEqual([1]);
    await subscription.unsubscribe();
  });

  it('sleeps until its poll when nothing woke it', async () => {
    const subscription = new CatchUpSubscription(
      { readAfter: () => [] },
      { fromPosition: 0, maxBatchSize: 10, pollIntervalMs: 60_000 },
    );
    expect(await firstBatchWithin(subscription, 200)).toBe('still sleeping');
    await subscription.unsubscribe();
  });
});
