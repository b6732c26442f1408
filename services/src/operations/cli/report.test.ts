import type { AdminMetrics, Product } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';
import { runOperatorCommand } from './commands';
import { capturedIo } from './test-io';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;
let shorts: Product;

/** "Today" is 10 March 2024 in Karachi. */
beforeEach(async () => {
  t = await openTestShop({ clock: testClock('2024-03-10T03:00:00.000Z') });
  admin = await signInAdmin(t);
  shopper = await registerUser(t);
  tee = await createProduct(t, admin, { name: 'Tee', price: 40, countInStock: 1_000, category: 'Shirts' });
  shorts = await createProduct(t, admin, {
    name: 'Shorts',
    price: 75.5,
    countInStock: 1_000,
    category: 'Shorts',
  });
});
afterEach(() => t.close());

async function orderAt(at: string, lines: { product: Product; qty: number }[]): Promise<string> {
  t.clock.set(at);
  return (await placeOrderOk(t, shopper, lines)).id;
}

async function report(...args: string[]): Promise<string> {
  const io = capturedIo({ DATA_DIR: t.dataDir, DURABILITY: 'relaxed' });
  const code = await runOperatorCommand(['report', 'sales', ...args], io);
  expect(code, io.stderr()).toBe(0);
  return io.stdout();
}

const csvRows = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

describe('npm run report -- sales', () => {
  it("equals the dashboard's 30-day series, day by day, for the same orders", async () => {
    await orderAt('2024-02-09T18:59:00.000Z', [{ product: tee, qty: 1 }]); // 9 Feb in Karachi: outside
    await orderAt('2024-02-09T19:00:00.000Z', [{ product: tee, qty: 2 }]); // 10 Feb: the first day
    const cancelled = await orderAt('2024-02-20T19:30:00.000Z', [{ product: shorts, qty: 2 }]);
    await orderAt('2024-02-21T06:00:00.000Z', [
      { product: tee, qty: 3 },
      { product: shorts, qty: 1 },
    ]);
    await orderAt('2024-03-01T12:00:00.000Z', [{ product: shorts, qty: 1 }]);
    await orderAt('2024-03-10T02:00:00.000Z', [{ product: tee, qty: 1 }]);
    t.clock.set('2024-03-10T03:00:00.000Z');
    await setStatus(t, admin, cancelled, 'Cancelled');

    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    const first = metrics.sales[0]!.date;
    const last = metrics.sales.at(-1)!.date;
    expect([first, last]).toEqual(['2024-02-10', '2024-03-10']);
    const daily = csvRows(await report('--from', first, '--to', last, '--by', 'day', '--format', 'csv'));

    expect(
      daily.map(([day, orders, amount]) => ({ date: day, orders: Number(orders), amount: Number(amount) })),
    ).toEqual(metrics.sales.map(({ date, orders, amount }) => ({ date, orders, amount })));
    expect(metrics.sales.filter((day) => day.amount > 0)).toHaveLength(4);
  });

  it('groups the same sales by month and by category, adding up to the same total', async () => {
    await orderAt('2024-02-21T06:00:00.000Z', [
      { product: tee, qty: 3 },
      { product: shorts, qty: 1 },
    ]);
    await orderAt('2024-03-01T12:00:00.000Z', [{ product: shorts, qty: 2 }]);
    const total = (rows: string[][]) => rows.reduce((sum, row) => sum + Number(row[2]), 0);
    const byMonth = csvRows(
      await report('--from', '2024-02-01', '--to', '2024-03-31', '--by', 'month', '--format', 'csv'),
    );
    const byCategory = csvRows(
      await report('--from', '2024-02-01', '--to', '2024-03-31', '--by', 'category', '--format', 'csv'),
    );
    expect(byMonth.map(([month, orders]) => [month, orders])).toEqual([
      ['2024-02', '1'],
      ['2024-03', '1'],
    ]);
    expect(byCategory.map(([category]) => category)).toEqual(['Shirts', 'Shorts']);
    expect(total(byCategory)).toBeCloseTo(total(byMonth), 2);
  });

  it('prints a table with a total line on request', async () => {
    await orderAt('2024-03-01T12:00:00.000Z', [{ product: tee, qty: 1 }]);
    const table = await report('--from', '2024-03-01', '--to', '2024-03-01', '--by', 'affiliate');
    expect(table.trim().split('\n')).toEqual([
      expect.stringMatching(/^affiliate\s+orders\s+amount\s+units\s+gross\s+discounts\s+refunds\s+net$/),
      expect.stringMatching(/^\(none\)\s+1\s+50\.00\s+1\s+40\.00\s+0\.00\s+0\.00\s+40\.00$/),
      expect.stringMatching(/^total\s+1\s+50\.00\s+1\s+40\.00\s+0\.00\s+0\.00\s+40\.00$/),
    ]);
  });

  it('explains its usage when a required option is missing', async () => {
    const io = capturedIo({ DATA_DIR: t.dataDir });
    expect(await runOperatorCommand(['report', 'sales', '--from', '2024-03-01', '--by', 'day'], io)).toBe(2);
    expect(io.stderr()).toContain('Usage: npm run report -- sales');
  });
});
