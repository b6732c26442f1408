import type { Order, OrderTracking, Page } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { placeOrderOk, setStatus } from '../order-test-kit';
import { closeShopAfterEach, orderOf, shopWith, t } from './cod-test-kit';

closeShopAfterEach();

describe('a cancelled COD order awaits no confirmation', () => {
  it('neither the shopper nor the admin sees it awaiting, and the awaiting list and its CSV leave it out', async () => {
    const { admin, ayesha, tee } = await shopWith();
    const live = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const byHer = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const byShop = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const cancelled = await t.request<Order>('POST', `/api/orders/${byHer.id}/cancel`, {
      token: ayesha.token,
    });
    expect(cancelled.status).toBe(200);
    await setStatus(t, admin, byShop.id, 'Cancelled');

    for (const order of [byHer, byShop]) {
      const seen = await orderOf(ayesha, order.id);
      expect([seen.status, seen.confirmation?.state, seen.confirmation?.expiresAt]).toEqual([
        'Cancelled',
        'not-needed',
        null,
      ]);
      const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
        token: ayesha.token,
      });
      expect(JSON.stringify(tracking.body)).not.toContain('"awaiting"');
      const adminView = await t.request<Order>('GET', `/api/orders/${order.id}`, { token: admin.token });
      expect(adminView.body.confirmation?.state).toBe('not-needed');
    }
    expect((await orderOf(ayesha, live.id)).confirmation?.state).toBe('awaiting');

    const list = await t.request<Page<Order>>('GET', '/api/admin/lists/orders?confirmation=awaiting', {
      token: admin.token,
    });
    expect(list.body.items.map((row) => row.id)).toEqual([live.id]);
    const csv = await t.request<string>('GET', '/api/admin/lists/orders.csv?confirmation=awaiting', {
      token: admin.token,
    });
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(live.reference);
    expect(csv.body).not.toContain(byHer.reference);
    expect(csv.body).not.toContain(byShop.reference);
  });
});
