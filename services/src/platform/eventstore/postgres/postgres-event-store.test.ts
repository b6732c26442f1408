import { basename } from 'node:path';
import { NO_STREAM, type RecordedEvent, WrongExpectedVersion } from '@shop/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test-support/postgres';
import { startAnotherProcess } from '../contract/another-process';
import { type ContractContext, eventStoreContract } from '../contract/contract';
import { appendEach, positionsOf, rejectionOf, someEvents } from '../contract/contract-helpers';
import { openPostgresEventStore, type PostgresEventStore } from './postgres-event-store';
import { MAX_EVENTS_PER_TRANSACTION } from './postgres-schema';

// The whole contract suite, nothing skipped, against the run's private PostgreSQL (see
// test-support/postgres-global-setup.ts): one database for this file, one schema per test.
let database: Promise<string> | undefined;
const databaseUrl = () => {
  database ??= createTestDatabase('contract');
  return database;
};
const schemaOf = (ctx: ContractContext) =>
  `t_${basename(ctx.dir)
    .replace(/[^a-z0-9]/gi, '_')
    .toLowerCase()}`;

eventStoreContract(
  'postgres',
  async (ctx) =>
    openPostgresEventStore({
      connectionString: await databaseUrl(),
      schema: schemaOf(ctx),
      pollIntervalMs: 50,
    }),
  {
    reopen: true,
    startAnotherProcess: async (ctx) =>
      startAnotherProcess({
        adapter: 'postgres',
        options: { connectionString: await databaseUrl(), schema: schemaOf(ctx) },
      }),
  },
);

describe('PostgreSQL event store', () => {
  const stores: PostgresEventStore[] = [];
  let url: string;
  beforeAll(async () => {
    url = await databaseUrl();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  const open = (schema: string, options: { pollIntervalMs?: number } = {}) => {
    const store = openPostgresEventStore({ connectionString: url, schema, ...options });
    stores.push(store);
    return store;
  };

  it('creates its schema once when several instances start on an empty database together', async () => {
    const schema = `together_${Date.now()}`;
    const instances = [open(schema), open(schema), open(schema)];
    const results = await Promise.all(
      instances.map((store, i) => store.append(`s-${i}`, someEvents(2), { expectedRevision: NO_STREAM })),
    );
    expect(results.map((result) => result.nextExpectedRevision)).toEqual([1, 1, 1]);
    expect(await instances[0]!.readAll()).toHaveLength(6);
  });

  it('orders positions by the writing transaction: one append has consecutive positions', async () => {
    const store = open(`positions_${Date.now()}`);
    const first = await store.append('a', someEvents(3));
    const second = await store.append('b', someEvents(2));
    const positions = positionsOf(await store.readAll());
    expect(positions).toHaveLength(5);
    expect(positions.slice(0, 3)).toEqual([first.position - 2, first.position - 1, first.position]);
    expect(positions.slice(3)).toEqual([second.position - 1, second.position]);
    expect(second.position).toBeGreaterThan(first.position);
  });

  it(`refuses more than ${MAX_EVENTS_PER_TRANSACTION} events in one append, writing nothing`, async () => {
    const store = open(`too_many_${Date.now()}`);
    const error = await rejectionOf(store.append('big', someEvents(MAX_EVENTS_PER_TRANSACTION + 1)));
    expect(error).toBeInstanceOf(RangeError);
    expect(await store.headPosition()).toBe(0);
  });

  it('commits appends made at the same moment in one transaction; a refused one fails alone', async () => {
    const store = open(`grouped_${Date.now()}`);
    await store.append('taken', someEvents(1), { expectedRevision: NO_STREAM });
    const answers = await Promise.allSettled([
      store.append('c', someEvents(1), { expectedRevision: NO_STREAM }),
      store.append('taken', someEvents(1), { expectedRevision: NO_STREAM }),
      store.append('a', someEvents(2), { expectedRevision: NO_STREAM }),
      store.append('b', someEvents(1), { expectedRevision: NO_STREAM }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersion);
    expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({ actual: 0 });
    const results = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    expect(results.map((result) => result.nextExpectedRevision)).toEqual([0, 1, 0]);
    // One transaction: its id is the high part of every position it wrote (decision 015).
    const grouped = (await store.readAll()).filter((event) => event.streamName !== 'taken');
    expect(grouped.map((event) => event.streamName).sort()).toEqual(['a', 'a', 'b', 'c']);
    expect(new Set(grouped.map((event) => Math.floor(event.position / 2 ** 16))).size).toBe(1);
    expect(results.map((result) => result.position)).toEqual(
      ['c', 'a', 'b'].map((stream) =>
        Math.max(...grouped.filter((e) => e.streamName === stream).map((e) => e.position)),
      ),
    );
  });

  it('wakes a subscriber on another connection by notification, well before its poll', async () => {
    const schema = `notified_${Date.now()}`;
    const [subscriber, writer] = [open(schema, { pollIntervalMs: 60_000 }), open(schema)];
    await appendEach(writer, 'warm-up', 1);
    const subscription = subscriber.subscribeToAll({ fromPosition: await subscriber.headPosition() });
    const iterator = subscription[Symbol.asyncIterator]();
    await until(() => subscriber.listening);
    const started = Date.now();
    const [delivered] = await Promise.all([iterator.next(), writer.append('news', someEvents(1))]);
    await subscription.unsubscribe();
    expect(delivered.done).toBe(false);
    expect((delivered.value ?? []).map((event: RecordedEvent) => event.streamName)).toEqual(['news']);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
