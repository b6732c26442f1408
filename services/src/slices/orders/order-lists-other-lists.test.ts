import type { AdminCustomer, AdminReview, AffiliateRequest, Page } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import {
  admin,
  ayesha,
  bilal,
  get,
  idsOf,
  orderAt,
  pageThrough,
  t,
  tee,
  totalOfTees,
  useListsShop,
} from './order-lists-test-kit';
import { createProduct, deliver, postReview, setStatus } from './order-test-kit';

useListsShop();

describe('the other admin lists', () => {
  it('customers carry their order count, amount spent and affiliate standing, searched and sorted', async () => {
    const hers = await orderAt('2024-05-01T06:00:00.000Z', ayesha, { qty: 3 });
    const his = await orderAt('2024-05-01T07:00:00.000Z', bilal, { qty: 1 });
    const cancelled = await orderAt('2024-05-01T08:00:00.000Z', bilal, { qty: 5 });
    await orderAt('2024-05-01T09:00:00.000Z', bilal, { qty: 1 }); // still unpaid: not spent
    await setStatus(t, admin, cancelled.id, 'Cancelled');
    await deliver(t, admin, hers.id);
    await deliver(t, admin, his.id);
    await postReview(t, bilal, tee);
    const request = await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: bilal.token });
    expect(request.status).toBe(201);
    const approval = `/api/affiliate/${request.body.id}/approve`;
    expect((await t.request('PUT', approval, { token: admin.token })).status).toBe(200);

    const bySpent = await get<Page<AdminCustomer>>('/api/admin/lists/customers?sort=spent&direction=desc');
    // Cancelled orders left out of both; spent counts what was paid (a COD parcel when delivered), so
    // not Bilal's open order; the most spent first, whatever the pricing rule makes of the orders.
    const expected: [string, number, number, string | null][] = [
      ['Ayesha Khan', 1, totalOfTees(3), null],
      // His third order is the delivered one he reviewed (an affiliate needs one): a transfer the shop
      // delivered without marking it paid, so not spent either.
      ['Bilal Ahmed', 3, totalOfTees(1), 'Approved'],
      ['Shop Admin', 0, 0, null],
    ];
    expected.sort((a, b) => b[2] - a[2]);
    expect(
      bySpent.body.items.map((c) => [c.name, c.orderCount, c.totalSpent, c.affiliate?.status ?? null]),
    ).toEqual(expected);
    expect(bySpent.body.items.find((c) => c.id === bilal.id)?.affiliate?.code).toMatch(/^[A-Z0-9]+$/);
    expect(bySpent.body.total).toBe(3);

    const byOrders = await pageThrough<AdminCustomer>(
      '/api/admin/lists/customers?sort=orders&direction=desc&limit=1',
    );
    expect(byOrders.flatMap((p) => p.items.map((c) => c.name))).toEqual([
      'Bilal Ahmed',
      'Ayesha Khan',
      'Shop Admin',
    ]);
    for (const search of ['+92 321 7654321', '03217654321', 'bilal', bilal.email]) {
      const found = await get<Page<AdminCustomer>>(
        `/api/admin/lists/customers?search=${encodeURIComponent(search)}`,
      );
      expect([found.body.total, found.body.items.map((c) => c.id)], search).toEqual([1, [bilal.id]]);
    }
  });

  it('reviews and affiliate requests filter by product or status, newest first', async () => {
    const shorts = await createProduct(t, admin, { name: 'Trail Shorts' });
    await postReview(t, ayesha, tee);
    t.clock.advance(1_000);
    await postReview(t, bilal, tee);
    t.clock.advance(1_000);
    await postReview(t, ayesha, shorts);
    const ofTee = await pageThrough<AdminReview>(`/api/admin/lists/reviews?productId=${tee.id}&limit=1`);
    expect(ofTee.flatMap((p) => p.items.map((r) => [r.productId, r.User?.name]))).toEqual([
      [tee.id, 'Bilal Ahmed'],
      [tee.id, 'Ayesha Khan'],
    ]);
    expect(ofTee.map((p) => p.total)).toEqual([2, 2]);
    expect((await get<Page<unknown>>('/api/admin/lists/reviews')).body.total).toBe(3);

    const first = (await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: ayesha.token })).body;
    t.clock.advance(1_000);
    const second = (await t.request<AffiliateRequest>('POST', '/api/affiliate', { token: bilal.token })).body;
    await t.request('PUT', `/api/affiliate/${first.id}/reject`, { token: admin.token });
    const all = await pageThrough<AffiliateRequest>('/api/admin/lists/affiliate-requests?limit=1');
    expect(idsOf(all)).toEqual([second.id, first.id]);
    const rejected = await get<Page<AffiliateRequest>>('/api/admin/lists/affiliate-requests?status=Rejected');
    expect([rejected.body.total, rejected.body.items.map((r) => [r.id, r.User?.name])]).toEqual([
      1,
      [[first.id, 'Ayesha Khan']],
    ]);
  });
});
