import { allProjectors } from '@shop/projections';
import { describe, expect } from 'vitest';
import { createProduct, placeOrderOk } from '../../slices/orders/order-test-kit';
import { it } from '../../test-support/shop-test';
import { registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { runOperatorCommand } from './commands';
import type { ReadModelStatus } from './projections';
import { capturedIo } from './test-io';

let t: TestShop;
const ioFor = () => capturedIo({ DATA_DIR: t.dataDir, DURABILITY: 'relaxed' });

it.beforeEach(async ({ shop }) => {
  t = shop;
  const admin = await signInAdmin(t);
  const shopper = await registerUser(t);
  const tee = await createProduct(t, admin, { name: 'Tee', price: 40, countInStock: 10 });
  await placeOrderOk(t, shopper, [{ product: tee, qty: 2 }]);
});

const tableRows = (table: 'catalogue_products' | 'metrics_daily_sales' | 'orders') =>
  t.deps.readModels.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();

describe('npm run projections -- status', () => {
  it('lists every read model with its checkpoint, the head and its lag, as JSON', async () => {
    const head = await t.deps.store.headPosition();
    const io = ioFor();
    expect(await runOperatorCommand(['projections', 'status', '--json'], io)).toBe(0);
    const statuses = JSON.parse(io.stdout()) as ReadModelStatus[];
    expect(statuses.map((s) => s.name)).toEqual(allProjectors.map((p) => p.name));
    for (const status of statuses) {
      expect(status).toMatchObject({ state: 'running', checkpoint: head, head, lagEvents: 0, lagSeconds: 0 });
    }
  });

  it('shows lag in events when the read models are behind the log, in a table', async () => {
    await t.deps.projections.stop();
    await t.deps.store.append('some-stream', [{ type: 'SomethingElse', data: {} }]);
    const io = ioFor();
    await runOperatorCommand(['projections', 'status'], io);
    const [header, ...lines] = io.stdout().trim().split('\n');
    expect(header).toMatch(/^read model\s+state\s+checkpoint\s+head\s+lag events\s+lag s\s+last error$/);
    expect(lines).toHaveLength(allProjectors.length);
    for (const line of lines) expect(line).toMatch(/^\S+\s+stopped\s+(\d+)\s+(\d+)\s+1\s+/);
  });
});

describe('npm run projections -- rebuild', () => {
  it('refuses while the read models are marked running, and says how to rebuild online', async () => {
    const io = ioFor();
    expect(await runOperatorCommand(['projections', 'rebuild'], io)).toBe(2);
    expect(io.stderr()).toContain('POST /api/admin/projections/rebuild');
  });

  it('rebuilds a stopped shop, or one named read model, to the same rows', async () => {
    const before = { catalogue: tableRows('catalogue_products'), sales: tableRows('metrics_daily_sales') };
    await t.deps.projections.stop();
    const io = ioFor();
    expect(await runOperatorCommand(['projections', 'rebuild'], io)).toBe(0);
    expect(io.stderr()).toMatch(/^Rebuilt .*catalogue.* up to position \d+\.$/m);
    expect(await runOperatorCommand(['projections', 'rebuild', 'metrics'], ioFor())).toBe(0);
    expect(tableRows('catalogue_products')).toEqual(before.catalogue);
    expect(tableRows('metrics_daily_sales')).toEqual(before.sales);
  });

  it('names the read models it knows when given another', async () => {
    await t.deps.projections.stop();
    const io = ioFor();
    expect(await runOperatorCommand(['projections', 'rebuild', 'nope'], io)).toBe(2);
    expect(io.stderr()).toContain('No read model named nope. Known: ');
  });
});
