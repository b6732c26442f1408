import { ANY, NO_STREAM, STREAM_EXISTS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ContractHarness } from './contract-harness';
import {
  anEvent,
  appendEach,
  dataOf,
  eventsAfter,
  eventsOf,
  expectStrictlyIncreasing,
  expectWrongExpectedVersion,
  positionsOf,
  rejectionOf,
  revisionsOf,
  someEvents,
} from './contract-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function appendContract(h: ContractHarness): void {
  describe('append and expected revision', () => {
    it('NO_STREAM creates a new stream from revision 0', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const result = await store.append(stream, someEvents(3), { expectedRevision: NO_STREAM });
      expect(result.nextExpectedRevision).toBe(2);
      expect(revisionsOf(await store.readStream(stream))).toEqual([0, 1, 2]);
    });

    it('NO_STREAM on an existing stream fails with the actual revision', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 2);
      const append = store.append(stream, [anEvent()], { expectedRevision: NO_STREAM });
      await expectWrongExpectedVersion(append, { stream, expected: NO_STREAM, actual: 1 });
    });

    it('ANY appends to a new and to an existing stream', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await store.append(stream, [anEvent()], { expectedRevision: ANY });
      const result = await store.append(stream, [anEvent()], { expectedRevision: ANY });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('appends with ANY when no expected revision is given', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await store.append(stream, [anEvent()]);
      expect((await store.append(stream, [anEvent()])).nextExpectedRevision).toBe(1);
    });

    it('STREAM_EXISTS fails on a new stream with NO_STREAM as the actual revision', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const append = store.append(stream, [anEvent()], { expectedRevision: STREAM_EXISTS });
      await expectWrongExpectedVersion(append, { stream, expected: STREAM_EXISTS, actual: NO_STREAM });
      expect(await eventsOf(store, stream)).toEqual([]);
    });

    it('STREAM_EXISTS appends to an existing stream', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 1);
      const result = await store.append(stream, [anEvent()], { expectedRevision: STREAM_EXISTS });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('an exact revision that matches appends after it', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const first = await store.append(stream, someEvents(2), { expectedRevision: NO_STREAM });
      const second = await store.append(stream, someEvents(2), {
        expectedRevision: first.nextExpectedRevision,
      });
      expect(second.nextExpectedRevision).toBe(3);
      expect(revisionsOf(await store.readStream(stream))).toEqual([0, 1, 2, 3]);
    });

    it('an exact revision that is behind or ahead fails with the actual revision', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 3);
      for (const wrong of [0, 1, 3, 7]) {
        const append = store.append(stream, [anEvent()], { expectedRevision: wrong });
        await expectWrongExpectedVersion(append, { stream, expected: wrong, actual: 2 });
      }
      expect(revisionsOf(await store.readStream(stream))).toEqual([0, 1, 2]);
    });

    it('an exact revision on a new stream fails with NO_STREAM as the actual revision', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const append = store.append(stream, [anEvent()], { expectedRevision: 0 });
      await expectWrongExpectedVersion(append, { stream, expected: 0, actual: NO_STREAM });
    });

    it('a failed multi-event append leaves nothing behind', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const head = await store.headPosition();
      const unserialisable = anEvent({ data: { amount: 10n } });
      const error = await rejectionOf(
        store.append(stream, [anEvent(), anEvent(), unserialisable], { expectedRevision: NO_STREAM }),
      );
      expect(error).toBeInstanceOf(Error);
      expect(await eventsOf(store, stream)).toEqual([]);
      expect(await eventsAfter(store, head, [stream])).toEqual([]);
      const retried = await store.append(stream, someEvents(2), { expectedRevision: NO_STREAM });
      expect(retried.nextExpectedRevision).toBe(1);
    });

    it('an append with no events writes nothing but still checks the expected revision', async () => {
      const store = await h.open();
      const stream = h.streamName();
      await expectWrongExpectedVersion(store.append(stream, [], { expectedRevision: STREAM_EXISTS }), {
        stream,
        expected: STREAM_EXISTS,
        actual: NO_STREAM,
      });
      await appendEach(store, stream, 2);
      const result = await store.append(stream, [], { expectedRevision: 1 });
      expect(result.nextExpectedRevision).toBe(1);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('orders events globally across streams in the order they were appended', async () => {
      const store = await h.open();
      const streams = [h.streamName('a'), h.streamName('b'), h.streamName('c')];
      const head = await store.headPosition();
      const appended: unknown[] = [];
      let lastPosition = 0;
      for (let round = 0; round < 4; round += 1) {
        for (const stream of streams) {
          const events = someEvents(round % 2 === 0 ? 1 : 2);
          const result = await store.append(stream, events);
          expect(result.position).toBeGreaterThan(lastPosition);
          lastPosition = result.position;
          appended.push(...events.map((event) => event.data));
        }
      }
      const log = await eventsAfter(store, head, streams);
      expect(dataOf(log)).toEqual(appended);
      expectStrictlyIncreasing(positionsOf(log));
      expect(log.at(-1)?.position).toBe(lastPosition);
      expect(await store.headPosition()).toBe(lastPosition);
    });

    it('returns the position of the last event it appended', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const result = await store.append(stream, someEvents(3));
      const events = await store.readStream(stream);
      expect(result.position).toBe(events[2]?.position);
      expect(result.position).toBeGreaterThan(0);
    });

    it('round-trips ids, data and metadata, and fills in the defaults', async () => {
      const store = await h.open();
      const stream = h.streamName();
      const given = {
        id: '0b6f1c52-5a8e-4f8e-9a43-2d1b4c7e9f10',
        type: 'OrderPlaced',
        data: { orderId: 'o-1', lines: [{ sku: 'TEE-M', qty: 2, price: 49.5 }], note: 'Grüße ✓', gift: null },
        metadata: { schemaVersion: 3, actor: 'user-7', causationId: 'cmd-1', correlationId: 'corr-1' },
      };
      const before = Date.now();
      await store.append(stream, [given, { type: 'OrderPaid', data: { orderId: 'o-1' } }]);
      const [placed, paid] = await store.readStream(stream);
      expect(placed).toMatchObject({ ...given, streamName: stream, revision: 0 });
      expect(paid?.metadata).toEqual({ schemaVersion: 1, actor: 'system' });
      expect(paid?.id).toMatch(UUID);
      expect(paid?.id).not.toBe(placed?.id);
      expect(Math.abs((placed?.timestamp ?? 0) - before)).toBeLessThan(60_000);
    });
  });
}
