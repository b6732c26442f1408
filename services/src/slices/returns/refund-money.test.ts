import type { AdminMetrics, MyAffiliate, Order, Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';
import { createProduct, deliver, placeOrderOk, postReview } from '../orders/order-test-kit';
import { askToReturn, returnUntil } from './returns-test-kit';

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let tights: Product;
let socks: Product;

/** "Today" is 10 March 2024 in Karachi (UTC+5), 08:00 local. */
it.override('shopOptions', () => ({ clock: testClock('2024-03-10T03:00:00.000Z') }));
it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  ayesha = await registerUser(t, { name: 'Ayesha' });
  tights = await createProduct(t, admin, {
    name: 'Tights',
    price: 2_000,
    countInStock: 10,
    category: 'Bottoms',
  });
  socks = await createProduct(t, admin, { name: 'Socks', price: 1_000, countInStock: 10, category: 'Socks' });
});

/** A delivered order of PKR 3,000: tights at 2,000 and socks at 1,000, shipping free. */
async function threeThousand(extra: { affiliateCode?: string } = {}): Promise<Order> {
  const order = await placeOrderOk(
    t,
    ayesha,
    [
      { product: tights, qty: 1 },
      { product: socks, qty: 1 },
    ],
    extra,
  );
  return deliver(t, admin, order.id);
}

const salesOn = async (date: string) => {
  const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
  return metrics.sales.find((point) => point.date === date);
};

describe('the dashboard follows refunds', () => {
  it('after a delivered order of PKR 3,000 with a refund of PKR 2,000, the day shows PKR 1,000 net', async () => {
    const order = await threeThousand();
    expect(order.totalPrice).toBe(3_000);
    const asked = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    expect(asked.refundAmount).toBe(2_000);
    await returnUntil(t, admin, asked.id, 'Refunded');
    expect(await salesOn('2024-03-10')).toEqual({
      date: '2024-03-10',
      amount: 1_000,
      salesUSD: 1_000,
      salesPKR: 1_000,
      orders: 1,
      refunds: 2_000,
    });
  });

  it('counts a refund on the day it is made, not on the day of its order', async () => {
    const order = await threeThousand();
    const asked = (await askToReturn(t, ayesha, order, [{ line: 1, qty: 1 }])).body;
    await returnUntil(t, admin, asked.id, 'Received');
    t.clock.set('2024-03-12T05:00:00.000Z'); // 12 March in Karachi
    await returnUntil(t, admin, asked.id, 'Refunded', 'Received');
    const metrics = (await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token })).body;
    expect(metrics.sales.slice(-3).map((p) => [p.date, p.amount, p.orders, p.refunds])).toEqual([
      ['2024-03-10', 3_000, 1, 0],
      ['2024-03-11', 0, 0, 0],
      ['2024-03-12', -1_000, 0, 1_000],
    ]);
  });
});

describe("the affiliate's commission follows refunds", () => {
  it('is void on the refunded units, and on the whole order once every unit is refunded', async () => {
    const zara = await registerUser(t, { name: 'Zara', contact: '0333-7654322' });
    await postReview(t, zara, socks);
    const request = await t.request<{ id: string }>('POST', '/api/affiliate', { token: zara.token });
    const code = (
      await t.request<{ code: string }>('PUT', `/api/affiliate/${request.body.id}/approve`, {
        token: admin.token,
      })
    ).body.code;
    const commission = async () =>
      (await t.request<MyAffiliate>('GET', '/api/affiliate/me', { token: zara.token })).body.commission;

    // Items 3,000 less 5% (150) = 2,850; commission 5% of it: 142.50.
    const order = await threeThousand({ affiliateCode: code });
    expect(order.discountPrice).toBe(150);
    expect(await commission()).toEqual({ earned: 142.5, pending: 0 });

    // The tights carry 100 of the discount: 1,900 refunded, and the commission on it (95) void.
    const tightsBack = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    expect(tightsBack.refundAmount).toBe(1_900);
    await returnUntil(t, admin, tightsBack.id, 'Received');
    expect(await commission()).toEqual({ earned: 142.5, pending: 0 });
    await returnUntil(t, admin, tightsBack.id, 'Refunded', 'Received');
    expect(await commission()).toEqual({ earned: 47.5, pending: 0 });

    const socksBack = (await askToReturn(t, ayesha, order, [{ line: 1, qty: 1 }])).body;
    expect(socksBack.refundAmount).toBe(950);
    await returnUntil(t, admin, socksBack.id, 'Refunded');
    expect(await commission()).toEqual({ earned: 0, pending: 0 });
  });
});
