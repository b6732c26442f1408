import {
  type AdminMetrics,
  type EventData,
  fromMinor,
  type Order,
  type Product,
  SALES_REPORT_GROUPINGS,
  toMinor,
} from '@shop/contracts';
import { calendarDay } from '@shop/projections';
import { describe, expect } from 'vitest';
import { createProduct, deliver, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { askToReturn, returnUntil } from '../../slices/returns/returns-test-kit';
import { it } from '../../test-support/shop-test';
import {
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
it.override('shopOptions', () => ({ clock: testClock('2024-03-10T03:00:00.000Z') }));
it.beforeEach(async ({ shop }) => {
  t = shop;
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

async function orderAt(at: string, lines: { product: Product; qty: number }[]): Promise<string> {
  return (await placedAt(at, lines)).id;
}

async function placedAt(at: string, lines: { product: Product; qty: number }[]): Promise<Order> {
  t.clock.set(at);
  return placeOrderOk(t, shopper, lines);
}

/** Delivers the order and refunds `qty` of its line `line` at `at`. */
async function refundAt(at: string, order: Order, line: number, qty: number): Promise<void> {
  const delivered = await deliver(t, admin, order.id);
  const asked = (await askToReturn(t, shopper, delivered, [{ line, qty }])).body;
  await returnUntil(t, admin, asked.id, 'Received');
  t.clock.set(at);
  await returnUntil(t, admin, asked.id, 'Refunded', 'Received');
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
    const returned = await placedAt('2024-03-01T12:00:00.000Z', [{ product: shorts, qty: 2 }]);
    await orderAt('2024-03-10T02:00:00.000Z', [{ product: tee, qty: 1 }]);
    await refundAt('2024-03-05T10:00:00.000Z', returned, 0, 1);
    t.clock.set('2024-03-10T03:00:00.000Z');
    await setStatus(t, admin, cancelled, 'Cancelled');

    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    const first = metrics.sales[0]!.date;
    const last = metrics.sales.at(-1)!.date;
    expect([first, last]).toEqual(['2024-02-10', '2024-03-10']);
    const daily = csvRows(await report('--from', first, '--to', last, '--by', 'day', '--format', 'csv'));

    expect(
      // The dashboard's amount is the orders' totals less the refunds made that day.
      daily.map(([day, orders, amount, , , , refunds]) => ({
        date: day,
        orders: Number(orders),
        amount: fromMinor(toMinor(Number(amount)) - toMinor(Number(refunds))),
        refunds: Number(refunds),
      })),
    ).toEqual(metrics.sales.map(({ date, orders, amount, refunds }) => ({ date, orders, amount, refunds })));
    // And the days that moved, straight from the events: the orders' totals less the refunds made.
    const events = await t.deps.store.readAll();
    const gone = new Set(
      events
        .filter(
          (e) => e.type === 'StatusChanged' && (e.data as EventData<'StatusChanged'>).to === 'Cancelled',
        )
        .map((e) => (e.data as EventData<'StatusChanged'>).orderId),
    );
    const byDay = new Map<string, number>();
    const move = (at: string, minor: number) =>
      byDay.set(calendarDay(at), (byDay.get(calendarDay(at)) ?? 0) + minor);
    for (const e of events) {
      if (e.type === 'OrderPlaced') {
        const placed = e.data as EventData<'OrderPlaced'>;
        if (!gone.has(placed.orderId)) move(placed.at, placed.totalPrice);
      } else if (e.type === 'ReturnRefunded') {
        const refunded = e.data as EventData<'ReturnRefunded'>;
        move(refunded.at, -refunded.amount);
      }
    }
    const expected = [...byDay]
      .filter(([day, minor]) => day >= first && day <= last && minor !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, minor]) => [day, fromMinor(minor)]);
    expect(expected.map(([day]) => day)).toEqual([
      '2024-02-10',
      '2024-02-21',
      '2024-03-01',
      '2024-03-05',
      '2024-03-10',
    ]);
    expect(metrics.sales.filter((day) => day.amount !== 0).map((day) => [day.date, day.amount])).toEqual(
      expected,
    );
  });

  it('totals equal the sums straight from the events, and the category total counts each order once', async () => {
    const mixed = await placedAt('2024-03-01T12:00:00.000Z', [
      { product: tee, qty: 3 },
      { product: shorts, qty: 1 },
    ]);
    await orderAt('2024-03-02T12:00:00.000Z', [{ product: shorts, qty: 1 }]);
    const cancelled = await orderAt('2024-03-03T12:00:00.000Z', [{ product: tee, qty: 1 }]);
    await setStatus(t, admin, cancelled, 'Cancelled');
    await refundAt('2024-03-04T12:00:00.000Z', mixed, 0, 2);

    const events = await t.deps.store.readAll();
    const dataOf = <T extends 'OrderPlaced' | 'StatusChanged' | 'ReturnRefunded'>(type: T) =>
      events.filter((e) => e.type === type).map((e) => e.data as EventData<T>);
    const gone = new Set(
      dataOf('StatusChanged')
        .filter((c) => c.to === 'Cancelled')
        .map((c) => c.orderId),
    );
    const kept = dataOf('OrderPlaced').filter((o) => !gone.has(o.orderId));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const lines = kept.flatMap((o) => o.lines);
    const amount = sum(kept.map((o) => o.totalPrice));
    const units = sum(lines.map((line) => line.qty));
    const gross = sum(lines.map((line) => line.unitPrice * line.qty));
    const discounts = sum(kept.map((o) => o.discount));
    const refunds = sum(dataOf('ReturnRefunded').map((r) => r.amount));
    expect([kept.length, units, fromMinor(gross), fromMinor(refunds)]).toEqual([2, 5, 271, 80]);

    const money = (minor: number) => fromMinor(minor).toFixed(2);
    const expectedTotal = [
      'total',
      '2',
      money(amount),
      String(units),
      money(gross),
      money(discounts),
      money(refunds),
      money(gross - discounts - refunds),
    ];
    for (const by of SALES_REPORT_GROUPINGS) {
      const table = await report('--from', '2024-03-01', '--to', '2024-03-31', '--by', by);
      const lines = table.trim().split('\n');
      expect(lines[0]?.split(/\s+/), by).toEqual([
        by,
        'orders',
        'amount',
        'units',
        'gross',
        'discounts',
        'refunds',
        'net',
      ]);
      expect(lines.at(-1)?.split(/\s+/), by).toEqual(expectedTotal);
    }
    const byCategory = await report(
      '--from',
      '2024-03-01',
      '--to',
      '2024-03-31',
      '--by',
      'category',
      '--format',
      'csv',
    );
    expect(
      csvRows(byCategory).map(([category, orders, , , , , refunds]) => [category, orders, refunds]),
    ).toEqual([
      ['Shirts', '1', '80.00'],
      ['Shorts', '2', '0.00'],
    ]);
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
      expect.stringMatching(/^\(none\)\s+1\s+240\.00\s+1\s+40\.00\s+0\.00\s+0\.00\s+40\.00$/),
      expect.stringMatching(/^total\s+1\s+240\.00\s+1\s+40\.00\s+0\.00\s+0\.00\s+40\.00$/),
    ]);
  });

  it('explains its usage when a required option is missing', async () => {
    const io = capturedIo({ DATA_DIR: t.dataDir });
    expect(await runOperatorCommand(['report', 'sales', '--from', '2024-03-01', '--by', 'day'], io)).toBe(2);
    expect(io.stderr()).toContain('Usage: npm run report -- sales');
  });
});
