import type { AdminMetrics, Order, Product } from '@shop/contracts';
import { calendarDay } from '@shop/projections';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, placeOrderOk, setStatus } from './order-test-kit';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  shopper = await registerUser(t);
  tee = await createProduct(t, admin, { countInStock: 100 });
});

/** A moment strictly between what the log stored before it and what it stores after. */
async function aMoment(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const moment = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return moment;
}

describe('asOf: the shop as the log stood at a moment', () => {
  it('shows the old status and the old counters before a status change, and 404 before the order', async () => {
    const beforeTheOrder = await aMoment();
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 2 }]);
    const beforeThePayment = await aMoment();
    await setStatus(t, admin, order.id, 'Paid');
    await setStatus(t, admin, order.id, 'Dispatched');

    const now = await t.request<Order>('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(now.body.status).toBe('Dispatched');
    const then = await t.request<Order>('GET', `/api/orders/${order.id}?asOf=${beforeThePayment}`, {
      token: admin.token,
    });
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({
      id: order.id,
      status: 'Pending',
      isPaid: false,
      asOf: beforeThePayment,
    });
    expect(then.body.statusHistory).toEqual([]);
    expect(then.body.orderItems.map((item) => item.qty)).toEqual([2]);

    const metricsThen = await t.request<AdminMetrics>('GET', `/api/admin/metrics?asOf=${beforeThePayment}`, {
      token: admin.token,
    });
    expect(metricsThen.body).toMatchObject({ total: 1, pending: 1, paid: 0 });
    expect(metricsThen.body.sales.at(-1)?.date).toBe(calendarDay(beforeThePayment));
    const metricsNow = await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token });
    expect(metricsNow.body).toMatchObject({ total: 1, pending: 0, paid: 1 });

    const notYet = await t.request<{ code: string }>(
      'GET',
      `/api/orders/${order.id}?asOf=${beforeTheOrder}`,
      {
        token: admin.token,
      },
    );
    expect(notYet.status).toBe(404);
    const emptyShop = await t.request<AdminMetrics>('GET', `/api/admin/metrics?asOf=${beforeTheOrder}`, {
      token: admin.token,
    });
    expect(emptyShop.body).toMatchObject({ total: 0, pending: 0 });
  });

  it("answers an order asked for by its reference, and the dashboard with its refunds and the configuration's warnings", async () => {
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const beforeThePayment = await aMoment();
    await setStatus(t, admin, order.id, 'Paid');

    const byReference = await t.request<Order>(
      'GET',
      `/api/orders/${order.reference.toLowerCase()}?asOf=${beforeThePayment}`,
      { token: admin.token },
    );
    expect(byReference.status).toBe(200);
    expect(byReference.body).toMatchObject({
      id: order.id,
      reference: order.reference,
      status: 'Pending',
      asOf: beforeThePayment,
    });

    const now = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    const then = (
      await t.request<AdminMetrics>('GET', `/api/admin/metrics?asOf=${beforeThePayment}`, {
        token: admin.token,
      })
    ).body;
    expect(then.configWarnings).toEqual(now.configWarnings);
    expect(then).toMatchObject({ total: 1, pending: 1 });
    expect(then.sales.length).toBeGreaterThan(0);
    for (const day of then.sales) expect(day.refunds, day.date).toBe(0);
  });

  it('is for admins only, and a moment must be an ISO timestamp', async () => {
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const moment = new Date().toISOString();
    const shopperAsks = await t.request('GET', `/api/orders/${order.id}?asOf=${moment}`, {
      token: shopper.token,
    });
    expect(shopperAsks.status).toBe(403);
    expect(
      (await t.request('GET', `/api/admin/metrics?asOf=${moment}`, { token: shopper.token })).status,
    ).toBe(403);
    const bad = await t.request<{ code: string; message: string }>('GET', '/api/admin/metrics?asOf=1%20Nov', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('asOf') });
  });
});
