import { join } from 'node:path';
import { type ExpectedRevision, NO_STREAM } from '@shop/contracts';
import { openSqliteEventStore } from '@shop/services/eventstore/index';
import type { Durability } from '@shop/services/eventstore/sqlite-schema';
import { openRawEventTable } from './eventstore-baseline';
import { type BenchResult, bestOfInterleaved, inTempDir, type Throughput, timed } from './measure';

const APPENDS = 3_000;
const STREAMS = 500;
const CONCURRENT_WRITERS = 50;
const READ_EVENTS = 50_000;
const READ_PAGE = 1_000;
const ROUNDS = 5;
/** Reads are short, so more rounds for the same noise. */
const READ_ROUNDS = 9;

const streamName = (i: number) => `stream-${i % STREAMS}`;
const itemAdded = (i: number) => ({ sku: `TEE-${i % 40}`, size: 'M', qty: 1 + (i % 3), price: 49.5 });

async function adapterSequentialAppends(durability: Durability): Promise<Throughput> {
  return inTempDir(async (dir) => {
    const store = openSqliteEventStore({ path: join(dir, 'events.db'), durability });
    const expected = new Array<ExpectedRevision>(STREAMS).fill(NO_STREAM);
    const result = await timed(APPENDS, async () => {
      for (let i = 0; i < APPENDS; i += 1) {
        const event = { type: 'ItemAdded', data: itemAdded(i) };
        const appended = await store.append(streamName(i), [event], {
          expectedRevision: expected[i % STREAMS],
        });
        expected[i % STREAMS] = appended.nextExpectedRevision;
      }
    });
    await store.close();
    return result;
  });
}

/** Each writer owns its streams and awaits each append, as concurrent command handlers would. */
async function adapterConcurrentAppends(durability: Durability): Promise<Throughput> {
  return inTempDir(async (dir) => {
    const store = openSqliteEventStore({ path: join(dir, 'events.db'), durability });
    const writer = async (w: number) => {
      let expected: ExpectedRevision = NO_STREAM;
      for (let i = w; i < APPENDS; i += CONCURRENT_WRITERS) {
        const stream = `writer-${w}`;
        expected = (
          await store.append(stream, [{ type: 'ItemAdded', data: itemAdded(i) }], {
            expectedRevision: expected,
          })
        ).nextExpectedRevision;
      }
    };
    const result = await timed(APPENDS, () =>
      Promise.all(Array.from({ length: CONCURRENT_WRITERS }, (_, w) => writer(w))),
    );
    await store.close();
    return result;
  });
}

async function rawSequentialAppends(durability: Durability): Promise<Throughput> {
  return inTempDir(async (dir) => {
    const table = openRawEventTable(join(dir, 'events.db'), durability);
    const expected = new Array<number>(STREAMS).fill(-1);
    const result = await timed(APPENDS, () => {
      for (let i = 0; i < APPENDS; i += 1) {
        expected[i % STREAMS] = table.append(
          streamName(i),
          expected[i % STREAMS] ?? -1,
          'ItemAdded',
          itemAdded(i),
        );
      }
    });
    table.close();
    return result;
  });
}

async function readBenchmark(): Promise<{ ours: number; baseline: number }> {
  return inTempDir(async (dir) => {
    const path = join(dir, 'events.db');
    const table = openRawEventTable(path, 'relaxed');
    table.fill(READ_EVENTS, STREAMS, itemAdded);
    const store = openSqliteEventStore({ path, durability: 'relaxed' });
    const adapterRead = () =>
      timed(READ_EVENTS, async () => {
        let events = await store.readAll({ fromPosition: 1, maxCount: READ_PAGE });
        while (events.length > 0) {
          events = await store.readAll({
            fromPosition: (events.at(-1)?.position ?? 0) + 1,
            maxCount: READ_PAGE,
          });
        }
      });
    const rawRead = () =>
      timed(READ_EVENTS, () => {
        let rows = table.readPage(1, READ_PAGE);
        while (rows.length > 0) rows = table.readPage((rows.at(-1)?.position ?? 0) + 1, READ_PAGE);
      });
    const best = await bestOfInterleaved(READ_ROUNDS, adapterRead, rawRead);
    await store.close();
    table.close();
    return best;
  });
}

/** Appends and reads per second through the SQLite adapter, each beside raw better-sqlite3 doing the same SQL. */
export async function runEventStoreBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const durability of ['durable', 'relaxed'] as const) {
    const sequential = await bestOfInterleaved(
      ROUNDS,
      () => adapterSequentialAppends(durability),
      () => rawSequentialAppends(durability),
    );
    results.push({
      name: `sequential appends, ${durability}`,
      unit: 'appends/s',
      ...sequential,
      baselineLabel: 'raw better-sqlite3, one transaction per append',
    });
    const concurrent = await bestOfInterleaved(
      ROUNDS,
      () => adapterConcurrentAppends(durability),
      () => rawSequentialAppends(durability),
    );
    results.push({
      name: `${CONCURRENT_WRITERS} concurrent writers, ${durability}`,
      unit: 'appends/s',
      ...concurrent,
      baselineLabel: 'raw better-sqlite3, one transaction per append',
    });
  }
  results.push({
    name: `readAll in pages of ${READ_PAGE}`,
    unit: 'events/s',
    ...(await readBenchmark()),
    baselineLabel: 'raw better-sqlite3, same SELECT and JSON.parse',
  });
  return results;
}
