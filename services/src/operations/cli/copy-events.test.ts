import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_STREAM, type RecordedEvent } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../platform/eventstore/postgres/postgres-event-store';
import {
  openSqliteEventStore,
  type SqliteEventStore,
} from '../../platform/eventstore/sqlite/sqlite-event-store';
import { openShop } from '../../shop';
import { createProduct, placeOrderOk, postReview, setStatus } from '../../slices/orders/order-test-kit';
import { createTestDatabase } from '../../test-support/postgres';
import {
  openTestShop,
  registerUser,
  signInAdmin,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';
import { readModelTables } from '../backup/read-model-tables';
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
    const identity = ({ id, streamName, revision, type, data, metadata }: RecordedEvent) =>
      JSON.stringify({ id, streamName, revision, type, data, metadata });
    expect(target.map(identity)).toEqual(source.map(identity));
    await onPostgres.deps.projections.waitForPosition(await copied.headPosition(), 10_000);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 10_000);
    const fromSqlite = readModelTables(t.dataDir);
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(5);
    // PostgreSQL gives the events its own positions (decision 015): read models that keep a position
    // must keep the same event's, which is checked by mapping them back through the event ids.
    const sourcePositionOf = new Map(source.map((event) => [event.id, event.position]));
    const backToSqlite = new Map(target.map((event) => [event.position, sourcePositionOf.get(event.id)]));
    expect(withPositionsMapped(readModelTables(dataDir), backToSqlite)).toEqual(
      withoutEmptyTables(fromSqlite),
    );
  });

  it('says which variable to set when POSTGRES_URL is missing', async () => {
    const io = capturedIo({ DATA_DIR: tmpdir() });
    await expect(copyCommand(['--to', 'postgres'], io)).rejects.toThrow(/Set POSTGRES_URL/);
  });
});

/** Columns that hold a log position: `*_position`, `seq`, and the first of each `changes` entry. */
function withPositionsMapped(
  tables: Record<string, unknown[]>,
  positions: ReadonlyMap<number, number | undefined>,
): Record<string, unknown[]> {
  const map = (position: unknown) => positions.get(position as number) ?? `unknown position ${position}`;
  const mapRow = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        if (/position$/.test(column) || column === 'seq') return [column, value === null ? null : map(value)];
        if (column === 'changes' && typeof value === 'string') {
          const changes = JSON.parse(value) as unknown[][];
          return [column, JSON.stringify(changes.map(([position, ...rest]) => [map(position), ...rest]))];
        }
        return [column, value];
      }),
    );
  return withoutEmptyTables(
    Object.fromEntries(
      Object.entries(tables).map(([name, rows]) => [
        name,
        rows.map((row) => mapRow(row as Record<string, unknown>)),
      ]),
    ),
  );
}

/** Leaves out empty tables: bookkeeping a rebuild creates (indexes set aside) and one that never needed it lacks. */
function withoutEmptyTables(tables: Record<string, unknown[]>): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(tables).filter(([, rows]) => rows.length > 0));
}
