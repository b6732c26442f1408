import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventData, NewEvent } from '@shop/contracts';
import {
  allProjectors,
  findProduct,
  type Migration,
  openReadModels,
  ProjectionRunner,
  type Projector,
  type ReadModelsDb,
  readModelMigrations,
} from '@shop/projections';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test-support/postgres';
import { completeMetadata } from '../port-conventions';
import { openPostgresEventStore, type PostgresEventStore } from './postgres-event-store';
import { EXPECTED } from './postgres-schema';

// Decision 015's promise, shown with the shop's own projection runner: an append whose transaction is
// still open when later ones commit is delivered, once it commits, to every instance's projectors, in
// the order every reader agrees on (the log's), before the later ones; none moves its checkpoint past it.

/** Records every event it is given, in the order given: what a projector saw. */
const receivedMigration: Migration = {
  name: '990-test-received',
  up(db) {
    db.sqlite.exec(
      'CREATE TABLE test_received (seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL)',
    );
  },
};
const recorder: Projector = {
  name: 'test-recorder',
  tables: ['test_received'],
  apply(event, db) {
    db.sqlite.prepare('INSERT INTO test_received (event_id) VALUES (?)').run(event.id);
  },
};
const received = (db: ReadModelsDb) =>
  db.sqlite
    .prepare<[], { event_id: string }>('SELECT event_id FROM test_received ORDER BY seq')
    .all()
    .map((row) => row.event_id);

let productCount = 0;
function aProductCreated(): NewEvent & { data: EventData<'ProductCreated'> } {
  productCount += 1;
  const productId = `ordered-${productCount}-${Date.now()}`;
  return {
    id: crypto.randomUUID(),
    type: 'ProductCreated',
    data: {
      productId,
      name: `Ordered Tee ${productCount}`,
      description: 'Arrives in order.',
      category: 'Shirts',
      price: 4_900,
      originalPrice: null,
      image: '/images/tee.webp',
      thumbnail: '/images/tee.webp',
      sizes: [],
      isFeatured: false,
      countInStock: 10,
      stockBySize: {},
      options: [],
      variants: [
        { id: `${productId}-one`, sku: null, options: {}, price: 4_900, originalPrice: null, stock: 10 },
      ],
      at: new Date().toISOString(),
    },
  };
}

interface Instance {
  store: PostgresEventStore;
  readModels: ReadModelsDb;
  runner: ProjectionRunner;
}

describe('a global order no reader can skip (PostgreSQL)', () => {
  let dir: string;
  let url: string;
  let writer: PostgresEventStore;
  let held: pg.Client;
  let instances: Instance[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'postgres-order-'));
    url = await createTestDatabase('order');
    writer = openPostgresEventStore({ connectionString: url });
    await writer.append('warm-up', [aProductCreated()]);
    held = new pg.Client({ connectionString: url });
    await held.connect();
    instances = [];
    for (let i = 0; i < 3; i += 1) {
      // A long poll: only notifications, or the end of the held transaction, can bring events early.
      const store = openPostgresEventStore({ connectionString: url, pollIntervalMs: 400 });
      const readModels = openReadModels(join(dir, `instance-${i}.sqlite`), {
        migrations: [...readModelMigrations, receivedMigration],
      });
      const runner = new ProjectionRunner({ store, readModels, projectors: [...allProjectors, recorder] });
      await runner.start();
      expect(await runner.waitForPosition(await writer.headPosition(), 5_000)).toBe(true);
      instances.push({ store, readModels, runner });
    }
  });

  afterEach(async () => {
    await held.end().catch(() => undefined);
    for (const { runner, readModels, store } of instances) {
      await runner.stop();
      readModels.close();
      await store.close();
    }
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Appends through the store's own function in a transaction left open: an append still in flight. */
  async function beginHeldAppend(event: NewEvent): Promise<number> {
    await held.query('BEGIN');
    const payload = JSON.stringify([{ ...event, metadata: completeMetadata(event.metadata) }]);
    const { rows } = await held.query<{ last_position: string }>(
      'SELECT last_position FROM append_events($1, $2, $3)',
      [`product-${(event.data as { productId: string }).productId}`, EXPECTED.noStream, payload],
    );
    return Number(rows[0]?.last_position);
  }

  it('delivers an append committed late to every projector, before the appends that committed meanwhile', async () => {
    const lateEvent = aProductCreated();
    const latePosition = await beginHeldAppend(lateEvent);
    const meanwhile = Array.from({ length: 10 }, aProductCreated);
    let lastPosition = 0;
    for (const event of meanwhile) {
      const productId = event.data.productId;
      lastPosition = (await writer.append(`product-${productId}`, [event])).position;
    }

    // Committed, yet no instance projects them: doing so would move its checkpoint past the held one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const { readModels, runner } of instances) {
      expect(received(readModels).filter((id) => meanwhile.some((event) => event.id === id))).toEqual([]);
      expect(runner.status().projectors.every((p) => p.checkpoint < latePosition)).toBe(true);
    }

    await held.query('COMMIT');
    const agreedOrder = (await writer.readAll({ fromPosition: latePosition }))
      .filter((event) => [lateEvent, ...meanwhile].some((ours) => ours.id === event.id))
      .map((event) => event.id);
    expect(agreedOrder).toEqual([lateEvent.id, ...meanwhile.map((event) => event.id)]);
    expect(latePosition).toBeLessThan(lastPosition);

    for (const { readModels, runner } of instances) {
      expect(await runner.waitForPosition(lastPosition, 3_000)).toBe(true);
      const seen = received(readModels).filter((id) => agreedOrder.includes(id));
      expect(seen).toEqual(agreedOrder);
      expect(findProduct(readModels, { id: lateEvent.data.productId })?.name).toBe(lateEvent.data.name);
    }
  });

  it('holds nothing back for good when the transaction in flight rolls back', async () => {
    const rolledBack = aProductCreated();
    await beginHeldAppend(rolledBack);
    const after = aProductCreated();
    const { position } = await writer.append(`product-${after.data.productId}`, [after]);
    await held.query('ROLLBACK');

    for (const { readModels, runner } of instances) {
      expect(await runner.waitForPosition(position, 3_000)).toBe(true);
      expect(received(readModels)).toContain(after.id);
      expect(received(readModels)).not.toContain(rolledBack.id);
    }
  });
});
