import { type AdminMetrics, type EventData, fromMinor, type Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { createProduct, deliver, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { askToReturn, moveReturn, returnUntil } from '../../slices/returns/returns-test-kit';
import { readModelRows } from '../../test-support/read-model-rows';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;

/** "Today" is 10 March 2024 in Karachi (UTC+5): 08:00 local. */
it.override('shopOptions', () => ({ clock: testClock('2024-03-10T03:00:00.000Z') }));
it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  shopper = await registerUser(t);
  tee = await createProduct(t, admin, { name: 'Tee', price: 40, countInStock: 1_000 });
});

/** Places an order at a given instant, returning its id. */
async function orderAt(at: string, qty = 1): Promise<string> {
  t.clock.set(at);
  return (await placeOrderOk(t, shopper, [{ product: tee, qty }])).id;
}

/** Karachi is UTC+5 all year (no daylight saving): an independent way to find an event's day. */
const karachiDay = (at: string) => new Date(Date.parse(at) + 5 * 3_600_000).toISOString().slice(0, 10);

async function seedMonth(): Promise<void> {
  await orderAt('2024-01-20T10:00:00.000Z'); // long before the window
  await orderAt('2024-02-10T10:00:00.000Z'); // 2024-02-10: the first day of the window
  await orderAt('2024-02-09T18:59:00.000Z'); // 23:59 on 9 Feb in Karachi: just outside
  const cancelled = await orderAt('2024-02-20T19:30:00.000Z', 2); // 00:30 on 21 Feb in Karachi
  await orderAt('2024-02-21T06:00:00.000Z', 3);
  const delivered = await orderAt('2024-03-01T12:00:00.000Z');
  const paid = await orderAt('2024-03-10T02:00:00.000Z', 2);
  t.clock.set('2024-03-10T03:00:00.000Z');
  await setStatus(t, admin, cancelled, 'Cancelled');
  await setStatus(t, admin, delivered, 'Dispatched');
  await setStatus(t, admin, delivered, 'Delivered');
  await setStatus(t, admin, paid, 'Paid');
}

describe('GET /api/admin/metrics', () => {
  it('answers afresh after every order and when the day turns, with nothing written in between', async () => {
    const metrics = async () =>
      (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    const before = await metrics();
    expect(before.total).toBe(0);
    expect(before.sales.at(-1)?.date).toBe('2024-03-10');

    await orderAt('2024-03-10T03:00:00.000Z');
    const after = await metrics();
    expect(after.total).toBe(1);
    expect(after.sales.at(-1)).toMatchObject({ date: '2024-03-10', orders: 1 });

    t.clock.set('2024-03-10T19:00:00.000Z'); // midnight in Karachi
    const tomorrow = await metrics();
    expect(tomorrow.sales.at(-1)).toMatchObject({ date: '2024-03-11', orders: 0 });
    expect(tomorrow.sales.at(-2)).toMatchObject({ date: '2024-03-10', orders: 1 });
  });

  it('counts orders by status, and paid orders by their paid flag', async () => {
    await seedMonth();
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    expect(metrics).toMatchObject({ total: 7, pending: 4, paid: 2, delivered: 1, cancelled: 1 });
  });

  it('partitions the orders by status, each counted once, with "to ship" and "awaiting payment" beside them', async () => {
    await seedMonth();
    const transfer = async (status?: 'Paid' | 'Cancelled' | 'Processing') => {
      const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
      if (status) await setStatus(t, admin, order.id, status);
    };
    await transfer(); // awaiting payment
    await transfer('Processing'); // confirmed, still unpaid: awaiting payment and to ship
    await transfer('Paid'); // to ship
    await transfer('Cancelled'); // neither
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;

    expect(metrics.byStatus).toEqual({
      Pending: 5,
      Paid: 2,
      Processing: 1,
      Shipped: 0,
      Dispatched: 0,
      Delivered: 1,
      Cancelled: 2,
      Refused: 0,
    });
    const sum = Object.values(metrics.byStatus).reduce((a, b) => a + b, 0);
    expect([sum, metrics.total]).toEqual([11, 11]);
    // The delivered COD order was never marked paid: it is under Delivered only.
    expect(metrics.toShip).toBe(3);
    expect(metrics.awaitingPayment).toBe(2);
  });

  it('answers 30 Karachi days ending today, equal to a sum computed straight from the events', async () => {
    await seedMonth();
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;

    const events = await t.deps.store.readAll();
    const cancelled = new Set(
      events
        .filter(
          (e) => e.type === 'StatusChanged' && (e.data as EventData<'StatusChanged'>).to === 'Cancelled',
        )
        .map((e) => (e.data as EventData<'StatusChanged'>).orderId),
    );
    const expected = new Map<string, { amount: number; orders: number }>();
    for (const event of events) {
      if (event.type !== 'OrderPlaced') continue;
      const order = event.data as EventData<'OrderPlaced'>;
      if (cancelled.has(order.orderId)) continue;
      const day = expected.get(karachiDay(order.at)) ?? { amount: 0, orders: 0 };
      expected.set(karachiDay(order.at), { amount: day.amount + order.totalPrice, orders: day.orders + 1 });
    }

    expect(metrics.sales).toHaveLength(30);
    expect(metrics.sales[0]?.date).toBe('2024-02-10');
    expect(metrics.sales[29]?.date).toBe('2024-03-10');
    for (const point of metrics.sales) {
      const day = expected.get(point.date) ?? { amount: 0, orders: 0 };
      expect(point).toEqual({
        date: point.date,
        amount: fromMinor(day.amount),
        salesUSD: fromMinor(day.amount),
        salesPKR: fromMinor(day.amount),
        orders: day.orders,
        refunds: 0,
      });
    }
    const inWindow = metrics.sales.filter((p) => p.orders > 0).map((p) => [p.date, p.amount, p.orders]);
    expect(inWindow).toEqual([
      ['2024-02-10', 240, 1],
      ['2024-02-21', 320, 1],
      ['2024-03-01', 240, 1],
      ['2024-03-10', 280, 1],
    ]);
  });

  it('moves the window with the clock', async () => {
    await seedMonth();
    t.clock.set('2024-03-10T19:00:00.000Z'); // midnight in Karachi: 11 March begins
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    expect([metrics.sales[0]?.date, metrics.sales[29]?.date]).toEqual(['2024-02-11', '2024-03-11']);
    expect(metrics.sales[0]?.orders).toBe(0);
  });
});

/** After the sale: a shopper's cancellation, a delivery note, admin notes, returns at every stage. */
async function seedAfterSale(): Promise<void> {
  const regretted = await orderAt('2024-03-09T10:00:00.000Z', 2);
  expect((await t.request('POST', `/api/orders/${regretted}/cancel`, { token: shopper.token })).status).toBe(
    200,
  );
  t.clock.set('2024-03-09T11:00:00.000Z');
  const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 5 }], { deliveryNote: 'gate 2' });
  await t.request('POST', `/api/admin/orders/${order.id}/notes`, {
    token: admin.token,
    body: { text: 'VIP' },
  });
  const delivered = await deliver(t, admin, order.id);
  const returns: string[] = [];
  for (let i = 0; i < 4; i++)
    returns.push((await askToReturn(t, shopper, delivered, [{ line: 0, qty: 1 }])).body.id);
  await returnUntil(t, admin, returns[0]!, 'Refunded');
  await returnUntil(t, admin, returns[1]!, 'Received');
  await returnUntil(t, admin, returns[2]!, 'Approved');
  await moveReturn(t, admin, returns[3]!, 'Rejected');
  t.clock.set('2024-03-10T03:00:00.000Z');
}

describe('rebuilding every read model from the log', () => {
  it('gives the same rows as the live read models, with cancellations, returns and refunds', async () => {
    await seedMonth();
    await seedAfterSale();
    const snapshot = () => readModelRows(t.deps.readModels);
    const live = snapshot();
    expect(live.orders).toHaveLength(9);
    expect(live.order_returns).toHaveLength(4);
    expect(live.order_notes).toHaveLength(1);
    expect(live.metrics_daily_sales?.some((day) => day.includes('"refunds":4000'))).toBe(true);
    await t.deps.projections.rebuild();
    expect(snapshot()).toEqual(live);
  });
});
