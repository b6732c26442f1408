import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent, RecordedEvent } from '@shop/contracts';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatchUpSubscription } from '../catch-up-subscription';
import { positionsOf, rejectionOf } from '../contract/contract-helpers';
import { ReadAheadWorker } from './read-ahead-worker';
import { sqliteCatchUpSource } from './sqlite-catch-up-source';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store';
import { prepareEventStatements, toRecordedEvent } from './sqlite-schema';

const BATCH = 50;

/** Payloads JSON must carry exactly: quotes, non-Latin text, line separators, numbers of every kind. */
function aVariedEvent(i: number): NewEvent {
  const payloads: unknown[] = [
    { n: i, price: 19.99, big: 2 ** 53 - 1, negative: -i, tiny: 1e-7 },
    `just a string with "quotes", \\ and \u2028 ${i}`,
    { name: 'Café ☕ 🛒', tags: ['a', 'b'], nested: { deep: [{ ok: true }, null] } },
    [i, 'x', false],
    null,
  ];
  return {
    type: i % 2 ? 'OrderPlaced' : 'Product "Renamed"',
    data: payloads[i % payloads.length],
    metadata: { schemaVersion: 1 + (i % 2), actor: `user-${i}`, correlationId: `c-${i}` },
  };
}

async function appendVaried(store: SqliteEventStore, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i += 1) {
    await store.append(i % 3 ? `order-${i % 7}` : 'product-"ü"', [aVariedEvent(i)]);
  }
}

async function readUntil(subscription: AsyncIterable<RecordedEvent[]>, position: () => number) {
  const delivered: RecordedEvent[] = [];
  for await (const batch of subscription) {
    delivered.push(...batch);
    if ((batch.at(-1)?.position ?? 0) >= position()) break;
  }
  return delivered;
}

describe('SQLite catch-up subscription on a file', () => {
  let dir: string;
  let path: string;
  const stores: SqliteEventStore[] = [];
  const open = () => {
    const store = openSqliteEventStore({ path, pollIntervalMs: 20 });
    stores.push(store);
    return store;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-catch-up-'));
    path = join(dir, 'events.db');
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers a log many batches long once each, in order, equal to readAll', async () => {
    const store = open();
    await appendVaried(store, BATCH * 7 + 13);
    const subscription = store.subscribeToAll({ fromPosition: 'start', maxBatchSize: BATCH });
    const delivered = await readUntil(subscription, () => BATCH * 7 + 13);
    expect(delivered).toEqual(await store.readAll());
  });

  it('delivers what is appended, here or by another connection, while it catches up', async () => {
    const [store, otherConnection] = [open(), open()];
    await appendVaried(store, BATCH * 4);
    let appending = true;
    const subscription = store.subscribeToAll({ fromPosition: 7, maxBatchSize: BATCH });
    const delivered: RecordedEvent[] = [];
    for await (const batch of subscription) {
      delivered.push(...batch);
      if (delivered.length < BATCH * 6) {
        await appendVaried(store, 20, delivered.length * 2);
        await appendVaried(otherConnection, 20, delivered.length * 3);
      } else appending = false;
      if (!appending && (batch.at(-1)?.position ?? 0) >= (await store.headPosition())) break;
    }
    expect(delivered).toEqual(await store.readAll({ fromPosition: 8 }));
    expect(delivered.length).toBeGreaterThan(BATCH * 6);
  });

  const corruptions = [
    { what: 'truncated', data: '{"n":1', at: BATCH * 2 + 20 },
    { what: 'shifting its neighbours', data: '1,2', at: BATCH * 2 + 20 },
    { what: 'closing its row early', data: '1],[2', at: BATCH * 3 + 1 },
    { what: 'in the first batch', data: '{"n":', at: 3 },
  ];
  for (const { what, data, at } of corruptions) {
    it(`fails with readAll's error at a corrupt data row (${what}), not skipping it`, async () => {
      const store = open();
      await appendVaried(store, BATCH * 5);
      const writer = new Database(path);
      writer.prepare('UPDATE events SET data = ? WHERE position = ?').run(data, at);
      writer.close();
      const expected = await rejectionOf(store.readAll({ fromPosition: at, maxCount: 1 }));

      const iterator = store.subscribeToAll({ fromPosition: 0, maxBatchSize: BATCH })[Symbol.asyncIterator]();
      const delivered: RecordedEvent[] = [];
      const failure = await (async () => {
        while (delivered.length < BATCH * 5) {
          const next = await iterator.next().catch((error: unknown) => ({ error }));
          if ('error' in next) return next.error;
          delivered.push(...(next.value ?? []));
        }
      })();
      expect(failure).toBeInstanceOf(SyntaxError);
      expect(failure).toEqual(expected);
      expect(positionsOf(delivered)).toEqual(
        Array.from({ length: Math.floor((at - 1) / BATCH) * BATCH }, (_, i) => i + 1),
      );
    });
  }
});

describe('SQLite catch-up source', () => {
  let dir: string;
  let db: Database.Database;
  const workers: ReadAheadWorker[] = [];
  const total = BATCH * 6 + 1;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-catch-up-source-'));
    const store = openSqliteEventStore({ path: join(dir, 'events.db') });
    await appendVaried(store, total);
    await store.close();
    db = new Database(join(dir, 'events.db'));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A subscription over `db`, counting the batches read on this thread. */
  function subscribe(readAhead: ReadAheadWorker) {
    workers.push(readAhead);
    const sql = prepareEventStatements(db);
    const readsHere = { json: 0 };
    const source = sqliteCatchUpSource({
      jsonAfter: (position, limit) => {
        readsHere.json += 1;
        return sql.readAllAfterAsJson.get(position, limit) ?? null;
      },
      rowsAfter: (position, limit) => sql.readAllAfter.all(position, limit).map(toRecordedEvent),
      readAhead,
    });
    const subscription = new CatchUpSubscription(source, {
      fromPosition: 0,
      maxBatchSize: BATCH,
      pollIntervalMs: 20,
    });
    const all = () => prepareEventStatements(db).readAllForwards.all(0, -1).map(toRecordedEvent);
    return { subscription, readsHere, all };
  }

  it('reads every batch after the first full one on the worker', async () => {
    const { subscription, readsHere, all } = subscribe(new ReadAheadWorker(join(dir, 'events.db')));
    const delivered = await readUntil(subscription, () => total);
    await subscription.unsubscribe();
    expect(delivered).toEqual(all());
    expect(readsHere.json).toBe(1);
  });

  it('reads on this thread, losing and repeating nothing, when the worker cannot read', async () => {
    const warned = new Promise((resolve) => process.once('warning', resolve));
    const { subscription, readsHere, all } = subscribe(new ReadAheadWorker(join(dir, 'missing.db')));
    const delivered = await readUntil(subscription, () => total);
    await subscription.unsubscribe();
    expect(delivered).toEqual(all());
    expect(readsHere.json).toBe(Math.ceil(total / BATCH));
    expect(String(await warned)).toMatch(/read-ahead is off/);
  });
});
