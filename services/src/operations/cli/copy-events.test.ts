import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, NO_STREAM, type RecordedEvent } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../platform/eventstore/postgres/postgres-event-store';
import {
  openSqliteEventStore,
  type SqliteEventStore,
} from '../../platform/eventstore/sqlite/sqlite-event-store';
import { openShop, type Shop } from '../../shop';
import { createProduct, placeOrderOk, postReview, setStatus } from '../../slices/orders/order-test-kit';
import { copiedReadModels, eventIdentities } from '../../test-support/copied-read-models';
import { GENERATED_EVENT_TYPES, generateEventLog } from '../../test-support/event-log-generator';
import { createTestDatabase } from '../../test-support/postgres';
import {
  openTestShop,
  registerUser,
  signInAdmin,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';
import { copyCommand, copyEvents, planRun } from './copy-events';
import { capturedIo } from './test-io';

const event = (revision: number, id = `id-${revision}`, streamName = 's'): RecordedEvent => ({
  id,
  streamName,
  type: 'SomethingHappened',
  data: { revision },
  metadata: { schemaVersion: 1, actor: 'test' },
  revision,
  position: revision + 1,
  timestamp: 0,
});

describe('planning a copy (what to skip)', () => {
  it('appends a stream the target does not have, expecting no stream', () => {
    expect(planRun([event(0), event(1)], [])).toEqual({
      kind: 'append',
      skip: 0,
      events: [event(0), event(1)],
      expectedRevision: NO_STREAM,
    });
  });

  it('skips the events already there by revision and id, appending the rest after them', () => {
    expect(planRun([event(1), event(2), event(3)], ['id-0', 'id-1', 'id-2'])).toEqual({
      kind: 'append',
      skip: 2,
      events: [event(3)],
      expectedRevision: 2,
    });
    expect(planRun([event(0)], ['id-0'])).toMatchObject({ kind: 'append', skip: 1, events: [] });
  });

  it('refuses a stream whose target holds another event at a revision, or a gap', () => {
    expect(planRun([event(0, 'mine')], ['theirs'])).toEqual({
      kind: 'conflict',
      reason: 's: revision 0 is theirs in the target, mine in the source',
    });
    expect(planRun([event(3)], ['id-0'])).toMatchObject({ kind: 'conflict' });
  });
});

describe('copying a log between stores', () => {
  const stores: SqliteEventStore[] = [];
  const open = () => {
    const store = openSqliteEventStore({ path: ':memory:' });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  it('preserves the global order, ids, data and metadata, and copies nothing twice when re-run', async () => {
    const source = open();
    const target = open();
    await source.append('a', [
      { type: 'One', data: { n: 1 }, metadata: { actor: 'u1', correlationId: 'c' } },
    ]);
    await source.append('b', [
      { type: 'Two', data: { n: 2 } },
      { type: 'Three', data: { n: 3 } },
    ]);
    await source.append('a', [{ type: 'Four', data: { n: 4 } }]);
    const strip = (events: RecordedEvent[]) =>
      events.map(({ id, streamName, type, data, metadata, revision }) => ({
        id,
        streamName,
        type,
        data,
        metadata,
        revision,
      }));

    expect(await copyEvents(source, target)).toEqual({ appended: 4, skipped: 0, conflicts: [] });
    expect(strip(await target.readAll())).toEqual(strip(await source.readAll()));

    await source.append('b', [{ type: 'Five', data: { n: 5 } }]);
    expect(await copyEvents(source, target)).toEqual({ appended: 1, skipped: 4, conflicts: [] });
    expect(strip(await target.readAll())).toEqual(strip(await source.readAll()));
  });

  it('reports a stream that differs in the target and leaves it alone', async () => {
    const source = open();
    const target = open();
    await source.append('a', [{ type: 'One', data: {} }]);
    await source.append('b', [{ type: 'Two', data: {} }]);
    await target.append('a', [{ type: 'Other', data: {} }]);
    const report = await copyEvents(source, target);
    expect(report).toMatchObject({ appended: 1, skipped: 1 });
    expect(report.conflicts).toEqual([expect.stringMatching(/^a: revision 0 is /)]);
  });

  it('into a store that was empty when it began, still finds a stream written meanwhile', async () => {
    const source = open();
    const target = open();
    await source.append('a', [{ type: 'One', data: {} }]);
    await source.append('b', [{ type: 'Two', data: {} }]);
    // Another writer puts an event of its own on 'b' while the copy runs, after it saw an empty target.
    let written = false;
    const racing: EventStore = Object.create(target, {
      append: {
        value: async (...args: Parameters<EventStore['append']>) => {
          if (!written) {
            written = true;
            await target.append('b', [{ type: 'Other', data: {} }]);
          }
          return target.append(...args);
        },
      },
    });
    const report = await copyEvents(source, racing);
    expect(report).toMatchObject({ appended: 1, skipped: 1 });
    expect(report.conflicts).toEqual([expect.stringMatching(/^b: revision 0 is /)]);
    expect((await target.readAll()).map((event) => `${event.streamName}:${event.type}`)).toEqual([
      'b:Other',
      'a:One',
    ]);
  });
});

describe('npm run events -- copy --to postgres', () => {
  let t: TestShop;
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  it('moves a shop log in order, copies nothing twice when re-run, and PostgreSQL rebuilds the same read models', async () => {
    // Given: a SQLite shop with a catalogue, customers, orders in several states, reviews.
    t = await openTestShop();
    closing.push(() => t.close());
    const admin = await signInAdmin(t);
    const tee = await createProduct(t, admin, { name: 'Copied Tee', price: 40, countInStock: 20 });
    const shorts = await createProduct(t, admin, { name: 'Copied Shorts', price: 70, countInStock: 9 });
    for (let i = 0; i < 3; i++) {
      const shopper = await registerUser(t);
      const order = await placeOrderOk(t, shopper, [
        { product: tee, qty: 1 + i },
        { product: shorts, qty: 1 },
      ]);
      if (i === 1) await setStatus(t, admin, order.id, 'Cancelled');
      if (i === 2) await setStatus(t, admin, order.id, 'Paid');
      await postReview(t, shopper, tee);
    }
    const source = await t.deps.store.readAll();

    // When: the log is copied into an empty PostgreSQL database, twice.
    const env = { DATA_DIR: t.dataDir, POSTGRES_URL: await createTestDatabase('copy') };
    const first = capturedIo(env);
    expect(await copyCommand(['--to', 'postgres'], first)).toBe(0);
    expect(first.stderr()).toContain(`Copied ${source.length} events`);
    const again = capturedIo(env);
    expect(await copyCommand(['--to', 'postgres'], again)).toBe(0);
    expect(again.stderr()).toContain(`Copied 0 events; ${source.length} were already there`);

    // Then: the same events in the same order, and a shop on PostgreSQL builds the same read models.
    const copied = openPostgresEventStore({ connectionString: env.POSTGRES_URL });
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-copied-'));
    const onPostgres = await openShop({
      dataDir,
      durability: 'relaxed',
      signingSecret: TEST_SIGNING_SECRET,
      store: copied,
    });
    closing.push(async () => {
      await onPostgres.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const target = await copied.readAll();
    expect(eventIdentities(target)).toEqual(eventIdentities(source));
    await onPostgres.deps.projections.waitForPosition(await copied.headPosition(), 10_000);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 10_000);
    const { fromSqlite, fromCopy } = copiedReadModels(t.dataDir, source, dataDir, target);
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(5);
    expect(fromCopy).toEqual(fromSqlite);
  });

  it('moves a generated log with every kind of event the benches generate, and PostgreSQL rebuilds the same read models', async () => {
    // Given: a stopped shop's DATA_DIR holding a log made by the benches' generator, cut to a few
    // thousand events over a small catalogue so that every kind of event it writes is in it.
    const sqliteDir = mkdtempSync(join(tmpdir(), 'shop-generated-'));
    const copyDir = mkdtempSync(join(tmpdir(), 'shop-generated-copy-'));
    const shops: Shop[] = [];
    closing.push(async () => {
      await Promise.all(shops.map((shop) => shop.close()));
      rmSync(sqliteDir, { recursive: true, force: true });
      rmSync(copyDir, { recursive: true, force: true });
    });
    const generated = generateEventLog(join(sqliteDir, 'events.sqlite'), 4_000, { products: 30, users: 120 });
    const sqliteStore = openSqliteEventStore({ path: join(sqliteDir, 'events.sqlite') });
    const source = await sqliteStore.readAll();
    await sqliteStore.close();
    expect(source).toHaveLength(generated.events);
    expect(new Set(source.map((e) => e.type))).toEqual(new Set(GENERATED_EVENT_TYPES));

    // When: it is copied into an empty PostgreSQL database.
    const env = { DATA_DIR: sqliteDir, POSTGRES_URL: await createTestDatabase('generated') };
    const io = capturedIo(env);
    expect(await copyCommand(['--to', 'postgres'], io)).toBe(0);
    expect(io.stderr()).toContain(`Copied ${source.length} events; 0 were already there`);

    // Then: the same events in the same order, and every read model rebuilt from PostgreSQL equals
    // the one rebuilt from SQLite.
    const copied = openPostgresEventStore({ connectionString: env.POSTGRES_URL });
    const target = await copied.readAll();
    expect(eventIdentities(target)).toEqual(eventIdentities(source));
    const open = (dataDir: string, store?: EventStore) =>
      openShop({
        dataDir,
        durability: 'relaxed',
        signingSecret: TEST_SIGNING_SECRET,
        ...(store ? { store } : {}),
      });
    const onPostgres = await open(copyDir, copied);
    shops.push(onPostgres);
    const onSqlite = await open(sqliteDir);
    shops.push(onSqlite);
    expect(await onSqlite.deps.projections.waitForPosition(source.at(-1)!.position, 15_000)).toBe(true);
    expect(await onPostgres.deps.projections.waitForPosition(target.at(-1)!.position, 15_000)).toBe(true);
    const { fromSqlite, fromCopy } = copiedReadModels(sqliteDir, source, copyDir, target);
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(5);
    expect(fromCopy).toEqual(fromSqlite);
  }, 60_000);

  it('says which variable to set when POSTGRES_URL is missing', async () => {
    const io = capturedIo({ DATA_DIR: tmpdir() });
    await expect(copyCommand(['--to', 'postgres'], io)).rejects.toThrow(/Set POSTGRES_URL/);
  });
});
