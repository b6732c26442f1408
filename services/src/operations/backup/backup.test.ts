import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@shop/contracts';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openShop, type Shop } from '../../shop';
import { createProduct, placeOrderOk, postReview, setStatus } from '../../slices/orders/order-test-kit';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';
import { BackupError, backupEventStore, restoreEventStore } from './backup';
import { readModelTables } from './read-model-tables';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-restore-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function openRestored(dataDir: string, t: TestShop): Promise<Shop> {
  const shop = await openShop({
    dataDir,
    durability: 'relaxed',
    signingSecret: TEST_SIGNING_SECRET,
    clock: () => t.clock.now(),
  });
  cleanup.push(() => shop.close());
  await shop.deps.projections.waitForPosition(await shop.deps.store.headPosition(), 10_000);
  return shop;
}

/** A shop with customers, products, orders along the state machine and reviews. */
async function busyShop() {
  const t = await openTestShop();
  cleanup.push(() => t.close());
  const admin = await signInAdmin(t);
  const products: Product[] = [];
  for (let i = 0; i < 3; i++)
    products.push(await createProduct(t, admin, { name: `Tee ${i}`, countInStock: 500 }));
  const users: SignedInUser[] = [];
  for (let i = 0; i < 3; i++) users.push(await registerUser(t));
  for (const [i, user] of users.entries()) {
    await postReview(t, user, products[i]!);
    const order = await placeOrderOk(t, user, [{ product: products[i]!, qty: 2 }]);
    await setStatus(t, admin, order.id, i === 0 ? 'Cancelled' : 'Paid');
  }
  return { t, admin, products, users };
}

describe('backup and restore', () => {
  it('backs up while the shop appends: the copy is a whole prefix of the log, and a restore rebuilds from it', async () => {
    const { t, products, users } = await busyShop();
    const appending = (async () => {
      for (let i = 0; i < 15; i++) {
        await placeOrderOk(t, users[i % 3]!, [{ product: products[i % 3]!, qty: 1 }]);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const backup = await backupEventStore({ dataDir: t.dataDir });
    await appending;
    expect(backup.file).toMatch(/backups\/events-\d{4}-\d\d-\d\dT[\d-]+Z\.sqlite$/);
    expect(backup.events).toBeGreaterThan(0);

    // Exactly the original's first events, nothing torn.
    const original = await t.deps.store.headPosition();
    expect(backup.lastPosition).toBeLessThanOrEqual(original);
    const copy = new Database(backup.file, { readonly: true });
    const copied = copy
      .prepare('SELECT position, id, stream, revision, type, data FROM events ORDER BY position')
      .all();
    copy.close();
    const live = new Database(join(t.dataDir, 'events.sqlite'), { readonly: true });
    const prefix = live
      .prepare(
        'SELECT position, id, stream, revision, type, data FROM events WHERE position <= ? ORDER BY position',
      )
      .all(backup.lastPosition);
    live.close();
    expect(copied).toEqual(prefix);

    const dataDir = freshDir();
    await restoreEventStore({ file: backup.file, dataDir });
    const restored = await openRestored(dataDir, t);
    expect(await restored.deps.store.headPosition()).toBe(backup.lastPosition);
    const placedInCopy = (copied as { type: string }[]).filter((e) => e.type === 'OrderPlaced').length;
    expect(readModelTables(dataDir).orders).toHaveLength(placedInCopy);
  });

  it('restores into a fresh DATA_DIR and the rebuilt read models equal the running shop’s, table by table', async () => {
    const { t } = await busyShop();
    const backup = await backupEventStore({ dataDir: t.dataDir, to: join(freshDir(), 'shop.sqlite') });
    const dataDir = freshDir();
    await restoreEventStore({ file: backup.file, dataDir });
    await openRestored(dataDir, t);
    const before = readModelTables(t.dataDir);
    const after = readModelTables(dataDir);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'orders',
        'order_items',
        'reviews',
        'customers',
        'catalogue_products',
        'open_reservations',
      ]),
    );
    // Each customer's delivered order she reviewed, and her order after it.
    expect(before.orders).toHaveLength(6);
    expect(before.reviews).toHaveLength(3);
  });

  it('refuses to overwrite an event store, to restore something that is not one, or to back up nothing', async () => {
    const { t } = await busyShop();
    const backup = await backupEventStore({ dataDir: t.dataDir });
    await expect(restoreEventStore({ file: backup.file, dataDir: t.dataDir })).rejects.toThrow(BackupError);
    await expect(backupEventStore({ dataDir: t.dataDir, to: backup.file })).rejects.toThrow(/already exists/);

    const junk = join(freshDir(), 'junk.sqlite');
    writeFileSync(junk, 'not a database at all');
    const target = freshDir();
    await expect(restoreEventStore({ file: junk, dataDir: target })).rejects.toThrow(BackupError);
    expect(existsSync(join(target, 'events.sqlite'))).toBe(false);
    await expect(backupEventStore({ dataDir: freshDir() })).rejects.toThrow(/no event store/);
  });
});
