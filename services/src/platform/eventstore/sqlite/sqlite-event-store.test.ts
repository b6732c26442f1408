import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppendResult, NO_STREAM, WrongExpectedVersion } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { startAnotherProcess } from '../contract/another-process';
import { type ContractContext, eventStoreContract } from '../contract/contract';
import {
  anEvent,
  appendEach,
  positionsOf,
  rejectionOf,
  revisionsOf,
  someEvents,
} from '../contract/contract-helpers';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store';
import type { Durability } from './sqlite-schema';

const fileIn = (ctx: ContractContext, durability: Durability) => ({
  path: join(ctx.dir, 'events.db'),
  durability,
});

for (const durability of ['durable', 'relaxed'] as const) {
  eventStoreContract(
    `sqlite (${durability})`,
    async (ctx) => openSqliteEventStore({ ...fileIn(ctx, durability), pollIntervalMs: 20 }),
    {
      reopen: true,
      startAnotherProcess: (ctx) =>
        startAnotherProcess({ adapter: 'sqlite', options: fileIn(ctx, durability) }),
    },
  );
}

describe('SQLite event store', () => {
  const stores: SqliteEventStore[] = [];
  const dirs: string[] = [];
  const open = (options: Partial<Parameters<typeof openSqliteEventStore>[0]> = {}) => {
    const store = openSqliteEventStore({ path: ':memory:', ...options });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('numbers positions 1, 2, 3... from an empty log at head 0', async () => {
    const store = open();
    expect(await store.headPosition()).toBe(0);
    await store.append('a', someEvents(2));
    await store.append('b', someEvents(1));
    expect(positionsOf(await store.readAll())).toEqual([1, 2, 3]);
    expect(await store.headPosition()).toBe(3);
  });

  it('runs appends to one stream issued in one tick in the order they were issued', async () => {
    const store = open();
    const results = await Promise.all([
      store.append('s', [anEvent()], { expectedRevision: NO_STREAM }),
      ...Array.from({ length: 9 }, (_, i) => store.append('s', [anEvent()], { expectedRevision: i })),
    ]);
    expect(results.map((result) => result.nextExpectedRevision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('fails only the append of a batch that reuses an event id, leaving nothing of it', async () => {
    const store = open();
    await store.append('taken', [anEvent({ id: 'reused-id' })]);
    const [before, clashing, after] = await Promise.allSettled([
      store.append('a', someEvents(2)),
      store.append('b', [anEvent(), anEvent({ id: 'reused-id' })]),
      store.append('c', someEvents(1)),
    ]);
    expect([before?.status, clashing?.status, after?.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readAll()).map((event) => event.streamName)).toEqual(['taken', 'a', 'a', 'c']);
  });

  it('rejects only the loser when two appends in one tick expect the same revision', async () => {
    const store = open();
    await appendEach(store, 's', 1);
    const results = await Promise.allSettled([
      store.append('s', [anEvent()], { expectedRevision: 0 }),
      store.append('s', [anEvent()], { expectedRevision: 0 }),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
    const loser = results[1] as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(WrongExpectedVersion);
    expect(loser.reason).toMatchObject({ actual: 1 });
  });

  it('stamps the events of appends committed together with one timestamp from the given clock', async () => {
    let ticks = 0;
    const store = open({ now: () => 1_000 * ++ticks, newId: () => `id-${ticks}-${Math.random()}` });
    await Promise.all([store.append('a', someEvents(1)), store.append('b', someEvents(1))]);
    await store.append('a', someEvents(1));
    const events = await store.readAll();
    expect(events.map((event) => event.timestamp)).toEqual([1_000, 1_000, 2_000]);
    expect(events.every((event) => event.id.startsWith('id-'))).toBe(true);
  });

  it('writes appends still queued when it is closed, and refuses new ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
    dirs.push(dir);
    const path = join(dir, 'events.db');
    const store = openSqliteEventStore({ path });
    const queued: Promise<AppendResult> = store.append('s', someEvents(3));
    await store.close();
    expect(await queued).toMatchObject({ nextExpectedRevision: 2 });
    expect(await rejectionOf(store.append('s', someEvents(1)))).toBeInstanceOf(Error);

    const reopened = open({ path });
    expect(reopened.path).toBe(path);
    expect(revisionsOf(await reopened.readStream('s'))).toEqual([0, 1, 2]);
  });

  it("delivers the whole log from 'start'", async () => {
    const store = open();
    await appendEach(store, 's', 3);
    const subscription = store.subscribeToAll({ fromPosition: 'start', maxBatchSize: 2 });
    const iterator = subscription[Symbol.asyncIterator]();
    const batches = [await iterator.next(), await iterator.next()].map((next) =>
      positionsOf(next.value ?? []),
    );
    await subscription.unsubscribe();
    expect(batches).toEqual([[1, 2], [3]]);
  });
});
