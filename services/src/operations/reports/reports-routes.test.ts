import {
  type EventData,
  type Order,
  type Product,
  SALES_REPORT_GROUPINGS,
  type SalesReport,
  toMinor,
} from '@shop/contracts';
import { describe, expect } from 'vitest';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';
import { runOperatorCommand } from '../cli/commands';
import { capturedIo } from '../cli/test-io';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;
let shorts: Product;

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

const address = (city: string) => ({
  fullName: 'Ayesha Khan',
  address: '1 Mall Road',
  city,
  postalCode: '54000',
  country: 'Pakistan',
  phone: '0300-1234567',
});

async function orderAt(
  at: string,
  lines: { product: Product; qty: number }[],
  city = 'Lahore',
  paymentMethod: 'COD' | 'Card' = 'COD',
): Promise<Order> {
  t.clock.set(at);
  return placeOrderOk(t, shopper, lines, { shippingAddress: address(city), paymentMethod });
}

/** A refund as the after-sale commands record it: the order's lines at what is paid back. */
async function refund(order: Order, at: string, lines: { index: number; qty: number }[]): Promise<void> {
  const items = lines.map(({ index, qty }) => {
    const item = order.orderItems[index]!;
    return {
      orderItemId: item.id,
      productId: item.product,
      category: item.category,
      qty,
      refund: toMinor(item.price * qty),
    };
  });
  const data: EventData<'ReturnRefunded'> = {
    returnId: `${order.id}-1`,
    orderId: order.id,
    userId: order.userId,
    by: admin.id,
    amount: items.reduce((sum, item) => sum + item.refund, 0),
    items,
    at,
  };
  await t.deps.store.append(`return-${order.id}-1`, [{ type: 'ReturnRefunded', data }]);
  await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
}

async function get<Body>(path: string, token = admin.token) {
  return t.request<Body>('GET', path, { token });
}

async function tradeOfTwoMonths(): Promise<void> {
  const first = await orderAt('2024-02-09T19:00:00.000Z', [{ product: tee, qty: 2 }], 'Karachi');
  const cancelled = await orderAt('2024-02-20T19:30:00.000Z', [{ product: shorts, qty: 2 }]);
  const mixed = await orderAt(
    '2024-02-21T06:00:00.000Z',
    [
      { product: tee, qty: 3 },
      { product: shorts, qty: 1 },
    ],
    'Islamabad',
    'Card',
  );
  await orderAt('2024-03-01T12:00:00.000Z', [{ product: shorts, qty: 1 }]);
  await setStatus(t, admin, cancelled.id, 'Cancelled');
  await refund(mixed, '2024-03-02T10:00:00.000Z', [
    { index: 0, qty: 1 },
    { index: 1, qty: 1 },
  ]);
  await refund(first, '2024-03-05T10:00:00.000Z', [{ index: 0, qty: 1 }]);
}

describe('GET /api/admin/reports/sales', () => {
  it.each(SALES_REPORT_GROUPINGS)(
    'by %s, answers the figures `npm run report` replays from the same log',
    async (by) => {
      await tradeOfTwoMonths();
      const range = { from: '2024-02-01', to: '2024-03-31' };
      const answer = await get<SalesReport>(
        `/api/admin/reports/sales?from=${range.from}&to=${range.to}&by=${by}`,
      );
      expect(answer.status).toBe(200);

      const io = capturedIo({ DATA_DIR: t.dataDir, DURABILITY: 'relaxed' });
      const code = await runOperatorCommand(
        ['report', 'sales', '--from', range.from, '--to', range.to, '--by', by, '--format', 'csv'],
        io,
      );
      expect(code, io.stderr()).toBe(0);
      const replayed = io
        .stdout()
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map(([group, orders, _amount, units, gross, discounts, refunds, net]) => ({
          key: group ?? '',
          orders: Number(orders),
          units: Number(units),
          gross: Number(gross),
          discounts: Number(discounts),
          refunds: Number(refunds),
          net: Number(net),
        }));
      const served = answer.body.rows.map(({ key, orders, units, gross, discounts, refunds, net }) => ({
        key,
        orders,
        units,
        gross,
        discounts,
        refunds,
        net,
      }));
      const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      expect(served.sort(byKey)).toEqual(replayed.sort(byKey));
      // Two months of trade with refunds in them, without the cancelled order's 151.00.
      expect(answer.body.total).toMatchObject({
        orders: 3,
        units: 7,
        gross: 351,
        refunds: 155.5,
        net: 195.5,
      });
    },
  );

  it('compares with the period of the same length before', async () => {
    await tradeOfTwoMonths();
    const { body } = await get<SalesReport>('/api/admin/reports/sales?from=2024-03-01&to=2024-03-31&by=day');
    expect(body.rows).toHaveLength(31);
    expect(body.total).toMatchObject({ orders: 1, gross: 75.5, refunds: 155.5, net: -80 });
    // 30 January to 29 February: the first and the mixed order.
    expect(body.previous).toMatchObject({ orders: 2, units: 6, gross: 275.5, refunds: 0, net: 275.5 });
  });

  it('asOf a moment before a refund, answers without it', async () => {
    const order = await orderAt('2024-03-01T12:00:00.000Z', [{ product: tee, qty: 2 }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const beforeTheRefund = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await refund(order, '2024-03-02T10:00:00.000Z', [{ index: 0, qty: 1 }]);
    const path = '/api/admin/reports/sales?from=2024-03-01&to=2024-03-31&by=category';
    const now = await get<SalesReport>(path);
    const then = await get<SalesReport>(`${path}&asOf=${beforeTheRefund}`);
    expect(now.body.total).toMatchObject({ orders: 1, gross: 80, refunds: 40, net: 40 });
    expect(then.body).toMatchObject({
      asOf: beforeTheRefund,
      total: { orders: 1, gross: 80, refunds: 0, net: 80 },
    });
  });

  it('downloads the rows as CSV, a cell that begins with = neutralised', async () => {
    await orderAt(
      '2024-03-01T12:00:00.000Z',
      [{ product: tee, qty: 1 }],
      '=HYPERLINK("http://evil.example")',
    );
    const response = await get<string>(
      '/api/admin/reports/sales?from=2024-03-01&to=2024-03-01&by=city&format=csv',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain(
      'sales-by-city-2024-03-01-to-2024-03-01.csv',
    );
    expect(response.body.trim().split('\n')).toEqual([
      'City,Orders,Units,Gross sales,Discounts,Refunds,Net sales,Average order value,Share of total (%)',
      `"'=HYPERLINK(""http://evil.example"")",1,1,40.00,0.00,0.00,40.00,40.00,100.0`,
      'Total,1,1,40.00,0.00,0.00,40.00,40.00,100.0',
    ]);
  });

  it('refuses a shopper (403) and a visitor (401)', async () => {
    const path = '/api/admin/reports/sales?from=2024-03-01&to=2024-03-31&by=day';
    expect((await get(path, shopper.token)).status).toBe(403);
    expect((await t.request('GET', path)).status).toBe(401);
  });

  it.each([
    ['from=2024-03-01&to=2024-03-31&by=colour', 'by'],
    ['from=2024-02-30&to=2024-03-31&by=day', 'from'],
    ['from=2024-03-31&to=2024-03-01&by=day', 'from'],
    ['to=2024-03-31&by=day', 'from'],
    ['from=2020-01-01&to=2024-03-31&by=day', 'to'],
    ['from=2024-03-01&to=2024-03-31&by=day&format=xlsx', 'format'],
    ['from=2024-03-01&to=2024-03-31&by=day&asOf=yesterday', 'asOf'],
  ])('answers 400 with {message, code} to %s', async (query, field) => {
    const response = await get<{ message: string; code: string; fields: { field: string }[] }>(
      `/api/admin/reports/sales?${query}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.fields.map((f) => f.field)).toContain(field);
  });
});
