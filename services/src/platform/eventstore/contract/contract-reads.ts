import type { EventStore } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import type { ContractHarness } from './contract-harness';
import { appendEach, expectStreamNotFound, positionsOf, revisionsOf, someEvents } from './contract-helpers';

export function readContract(h: ContractHarness): void {
  describe('readStream', () => {
    async function aStreamOfFive(): Promise<{ store: EventStore; stream: string }> {
      const store = await h.open();
      const stream = h.streamName();
      await appendEach(store, stream, 5);
      await store.append(h.streamName('other'), someEvents(2));
      return { store, stream };
    }

    it('reads the whole stream forwards by default, and only that stream', async () => {
      const { store, stream } = await aStreamOfFive();
      const events = await store.readStream(stream);
      expect(revisionsOf(events)).toEqual([0, 1, 2, 3, 4]);
      expect(events.every((event) => event.streamName === stream)).toBe(true);
    });

    it('reads backwards from the end', async () => {
      const { store, stream } = await aStreamOfFive();
      expect(revisionsOf(await store.readStream(stream, { direction: 'backwards' }))).toEqual([
        4, 3, 2, 1, 0,
      ]);
    });

    it('reads from a revision, inclusive, in either direction', async () => {
      const { store, stream } = await aStreamOfFive();
      expect(revisionsOf(await store.readStream(stream, { fromRevision: 2 }))).toEqual([2, 3, 4]);
      expect(
        revisionsOf(await store.readStream(stream, { fromRevision: 2, direction: 'backwards' })),
      ).toEqual([2, 1, 0]);
    });

    it('reads at most maxCount events', async () => {
      const { store, stream } = await aStreamOfFive();
      expect(revisionsOf(await store.readStream(stream, { maxCount: 2 }))).toEqual([0, 1]);
      expect(revisionsOf(await store.readStream(stream, { fromRevision: 1, maxCount: 3 }))).toEqual([
        1, 2, 3,
      ]);
      expect(revisionsOf(await store.readStream(stream, { direction: 'backwards', maxCount: 2 }))).toEqual([
        4, 3,
      ]);
      expect(
        revisionsOf(await store.readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 })),
      ).toEqual([3, 2]);
    });

    it('reads nothing past the end of an existing stream', async () => {
      const { store, stream } = await aStreamOfFive();
      expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
      expect(await store.readStream(stream, { fromRevision: 'end' })).toEqual([]);
    });

    it('throws StreamNotFound for a stream that has no events', async () => {
      const store = await h.open();
      const stream = h.streamName('never-written');
      await expectStreamNotFound(store.readStream(stream), stream);
      await expectStreamNotFound(store.readStream(stream, { direction: 'backwards' }), stream);
    });
  });

  describe('readAll and headPosition', () => {
    async function aLogOfSix(): Promise<{ store: EventStore; positions: number[] }> {
      const store = await h.open();
      const streams = [h.streamName('x'), h.streamName('y')];
      const positions: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const result = await store.append(streams[i % 2] ?? 'unreachable', someEvents(1));
        positions.push(result.position);
      }
      return { store, positions };
    }

    const at = (positions: number[], index: number): number => {
      const position = positions[index];
      if (position === undefined) throw new Error(`no position at ${index}`);
      return position;
    };

    it('reads forwards from a position, inclusive, with maxCount', async () => {
      const { store, positions } = await aLogOfSix();
      const read = await store.readAll({ fromPosition: at(positions, 2), maxCount: 3 });
      expect(positionsOf(read)).toEqual(positions.slice(2, 5));
    });

    it('counts the events after a position, up to a limit', async () => {
      const { store, positions } = await aLogOfSix();
      expect(await store.countAfter(at(positions, 1), 100)).toBe(4);
      expect(await store.countAfter(at(positions, 1), 3)).toBe(3);
      expect(await store.countAfter(at(positions, 5), 100)).toBe(0);
      expect(await store.countAfter(0, 100)).toBe(6);
    });

    it('reads forwards to the end of the log without maxCount', async () => {
      const { store, positions } = await aLogOfSix();
      const read = await store.readAll({ fromPosition: at(positions, 3) });
      expect(positionsOf(read)).toEqual(positions.slice(3));
    });

    it('reads backwards from a position, inclusive, with maxCount', async () => {
      const { store, positions } = await aLogOfSix();
      const read = await store.readAll({
        fromPosition: at(positions, 4),
        direction: 'backwards',
        maxCount: 3,
      });
      expect(positionsOf(read)).toEqual([at(positions, 4), at(positions, 3), at(positions, 2)]);
    });

    it('reads backwards from the end by default', async () => {
      const { store, positions } = await aLogOfSix();
      const read = await store.readAll({ direction: 'backwards', maxCount: 2 });
      expect(positionsOf(read)).toEqual([at(positions, 5), at(positions, 4)]);
    });

    it('reads from the start of the log by default', async () => {
      const { store, positions } = await aLogOfSix();
      const read = await store.readAll();
      expect(positionsOf(read.slice(-6))).toEqual(positions);
      expect(read[0]?.position).toBeGreaterThan(0);
    });

    it('reports the position of the last event as the head', async () => {
      const { store, positions } = await aLogOfSix();
      expect(await store.headPosition()).toBe(at(positions, 5));
      expect(await store.readAll({ fromPosition: at(positions, 5) + 1 })).toEqual([]);
    });
  });
}
