import {
  type AppendResult,
  NO_STREAM,
  type RecordedEvent,
  STREAM_EXISTS,
  WrongExpectedVersion,
} from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ContractHarness } from './contract-harness';
import {
  anEvent,
  appendEach,
  eventsAfter,
  eventsOf,
  expectWrongExpectedVersion,
  revisionsOf,
  someEvents,
} from './contract-helpers';
import { appendRacing, type CountedEventData, type RacingAppendReport } from './racing-appender';

type Settled = PromiseSettledResult<AppendResult>;
const fulfilled = (results: Settled[]) => results.filter((result) => result.status === 'fulfilled');
const rejected = (results: Settled[]) =>
  results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');

/** Every writer's events 0..count-1 exactly once, in its own order, in a stream without holes. */
function expectNoLostUpdates(events: RecordedEvent[], reports: RacingAppendReport[]): void {
  const total = reports.reduce((sum, report) => sum + report.appended, 0);
  expect(revisionsOf(events)).toEqual(Array.from({ length: total }, (_, revision) => revision));
  for (const report of reports) {
    const seqs = events
      .map((event) => event.data as CountedEventData)
      .filter((data) => data.writer === report.writer)
      .map((data) => data.seq);
    expect(seqs).toEqual(Array.from({ length: report.appended }, (_, seq) => seq));
  }
}

export function concurrencyContract(h: ContractHarness): void {
  describe('concurrency and durability', () => {
    it("checks expectations against the other connection's appends", async () => {
      const [first, second] = [await h.open(), await h.open()];
      const stream = h.streamName();
      await first.append(stream, [anEvent()], { expectedRevision: NO_STREAM });
      await second.append(stream, [anEvent()], { expectedRevision: 0 });
      const stale = first.append(stream, [anEvent()], { expectedRevision: 0 });
      await expectWrongExpectedVersion(stale, { stream, expected: 0, actual: 1 });
      await expectWrongExpectedVersion(first.append(stream, [anEvent()], { expectedRevision: NO_STREAM }), {
        stream,
        expected: NO_STREAM,
        actual: 1,
      });
      expect(await first.append(stream, [anEvent()], { expectedRevision: 1 })).toMatchObject({
        nextExpectedRevision: 2,
      });
      expect(await second.append(stream, [anEvent()])).toMatchObject({ nextExpectedRevision: 3 });
    });

    it('lets exactly one of two connections win with the same expected revision', async () => {
      const [first, second] = [await h.open(), await h.open()];
      const stream = h.streamName();
      for (let round = 0; round < 10; round += 1) {
        const expectedRevision = round === 0 ? NO_STREAM : round - 1;
        const [one, other] = round % 2 === 0 ? [first, second] : [second, first];
        const results = await Promise.allSettled([
          one.append(stream, [anEvent()], { expectedRevision }),
          other.append(stream, [anEvent()], { expectedRevision }),
        ]);
        expect(fulfilled(results)).toHaveLength(1);
        const [loser] = rejected(results);
        expect(loser?.reason).toBeInstanceOf(WrongExpectedVersion);
        expect(loser?.reason).toMatchObject({ actual: round });
      }
      expect(await first.readStream(stream)).toHaveLength(10);
    });

    it('loses no update when writers on two connections race on one stream', async () => {
      const [first, second] = [await h.open(), await h.open()];
      const stream = h.streamName('counter');
      const reports = await Promise.all([
        appendRacing(first, { stream, writer: 'first', count: 100, thinkMs: 1 }),
        appendRacing(second, { stream, writer: 'second', count: 100, thinkMs: 1 }),
      ]);
      expectNoLostUpdates(await first.readStream(stream), reports);
    });

    it.skipIf(!h.capabilities.startAnotherProcess)(
      'loses no update when a writer in another process races on the same stream',
      async () => {
        const store = await h.open();
        const stream = h.streamName('counter');
        const anotherProcess = await h.capabilities.startAnotherProcess?.(h.ctx);
        if (!anotherProcess) throw new Error('unreachable: skipped without the capability');
        const startAt = Date.now() + 100;
        const reports = await Promise.all([
          appendRacing(store, { stream, writer: 'here', count: 150, startAt, thinkMs: 2 }),
          anotherProcess.race({ stream, writer: 'there', count: 150, startAt, thinkMs: 2 }),
        ]);
        expectNoLostUpdates(await store.readStream(stream), reports);
      },
    );

    it('decides each of 50 concurrent appends on its own expectation', async () => {
      const store = await h.open();
      const streams = Array.from({ length: 50 }, () => h.streamName('concurrent'));
      const existing = streams.filter((_, i) => [1, 2, 4].includes(i % 5));
      for (const stream of existing) await appendEach(store, stream, 2);
      const cases = streams.map((stream, i) => {
        switch (i % 5) {
          case 0:
            return { stream, expectedRevision: NO_STREAM, actual: undefined, count: 1 };
          case 1:
            return { stream, expectedRevision: 1, actual: undefined, count: 2 };
          case 2:
            return { stream, expectedRevision: 0, actual: 1, count: 2 };
          case 3:
            return { stream, expectedRevision: STREAM_EXISTS, actual: NO_STREAM, count: 1 };
          default:
            return { stream, expectedRevision: NO_STREAM, actual: 1, count: 3 };
        }
      });
      const results = await Promise.allSettled(
        cases.map(({ stream, expectedRevision, count }) =>
          store.append(stream, someEvents(count), { expectedRevision }),
        ),
      );
      for (const [i, { stream, expectedRevision, actual, count }] of cases.entries()) {
        const result = results[i];
        const before = existing.includes(stream) ? 2 : 0;
        if (actual === undefined) {
          expect(result, `append ${i}`).toMatchObject({ status: 'fulfilled' });
          expect(await eventsOf(store, stream)).toHaveLength(before + count);
        } else {
          const reason: unknown = result?.status === 'rejected' ? result.reason : result?.value;
          expect(reason, `append ${i}`).toBeInstanceOf(WrongExpectedVersion);
          expect(reason).toMatchObject({ stream, expected: expectedRevision, actual });
          expect(await eventsOf(store, stream)).toHaveLength(before);
        }
      }
    });

    it.skipIf(!h.capabilities.reopen)('loses nothing when the store is closed and opened again', async () => {
      const store = await h.open();
      const streams = [h.streamName('kept'), h.streamName('kept')];
      for (const stream of streams) await appendEach(store, stream, 5);
      await store.append(streams[0] ?? '', someEvents(3), { expectedRevision: 4 });
      const before = await eventsAfter(store, 0, streams);
      const head = await store.headPosition();
      await store.close();

      const reopened = await h.open();
      expect(await eventsAfter(reopened, 0, streams)).toEqual(before);
      expect(await reopened.headPosition()).toBe(head);
      const next = await reopened.append(streams[0] ?? '', [anEvent()], { expectedRevision: 7 });
      expect(next).toMatchObject({ nextExpectedRevision: 8 });
      expect(next.position).toBeGreaterThan(head);
    });
  });
}
