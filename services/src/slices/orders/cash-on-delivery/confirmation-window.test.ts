import {
  type ErrorBody,
  NO_STREAM,
  type Order,
  type OrderTracking,
  type Page,
  streams,
} from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { placeOrderOk, stockOf } from '../order-test-kit';
import { closeShopAfterEach, orderOf, shopWith, t, WINDOW } from './cod-test-kit';
import { runConfirmationExpiry } from './confirmation-expiry';

closeShopAfterEach();

describe('the confirmation window', () => {
  it('reminds halfway, then cancels the order unconfirmed at its end and gives its stock back, across a restart', async () => {
    const { admin, ayesha, tee } = await shopWith({ [WINDOW]: '90s' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 3 }]);
    const confirmed = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await t.request('POST', `/api/orders/${confirmed.id}/confirm`, { token: ayesha.token });
    expect(await stockOf(t, tee)).toBe(6);
    t.clock.advance(30_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 0, expired: 0 });
    t.clock.advance(16_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 1, expired: 0 });
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 0, expired: 0 });
    // Stopped mid-window; started again on the same files after the window ended.
    await t.restart();
    t.clock.advance(45_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 0, expired: 1 });
    const expired = await orderOf(ayesha, order.id);
    expect(expired.status).toBe('Cancelled');
    expect(expired.cancelledBy).toBe('shop');
    expect(expired.confirmation).toMatchObject({ state: 'expired', at: t.clock.now().toISOString() });
    expect((await orderOf(ayesha, confirmed.id)).status).toBe('Pending');
    expect(await stockOf(t, tee)).toBe(9);
    const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: ayesha.token,
    });
    expect(tracking.body.timeline.at(-1)?.description).toBe(
      'This order was cancelled by the shop: it was not confirmed in time',
    );
    const events = (await t.deps.store.readStream(`order-${order.id}`)).map((e) => e.type);
    expect(events).toEqual([
      'OrderPlaced',
      'OrderConfirmationReminded',
      'OrderConfirmationExpired',
      'StatusChanged',
    ]);
    const list = await t.request<Page<Order>>('GET', '/api/admin/lists/orders?confirmation=expired', {
      token: admin.token,
    });
    expect(list.body.items.map((row) => row.id)).toEqual([order.id]);
    const late = await t.request<ErrorBody>('POST', `/api/orders/${order.id}/confirm`, {
      token: ayesha.token,
    });
    expect(late.status).toBe(409);
  });

  it('run by several instances at once, expires an order once and gives its stock back once', async () => {
    const { ayesha, tee } = await shopWith({ [WINDOW]: '90s' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 4 }]);
    t.clock.advance(91_000);
    const runs = await Promise.all([1, 2, 3].map(() => runConfirmationExpiry(t.deps)));
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    const types = (await t.deps.store.readStream(`order-${order.id}`)).map((e) => e.type);
    expect(types.filter((type) => type === 'OrderConfirmationExpired')).toHaveLength(1);
    expect(await stockOf(t, tee)).toBe(10);
  });

  it('never expires a COD order placed before the shop asked for confirmations (an upgrade)', async () => {
    const { ayesha, tee } = await shopWith();
    const asked = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const [placed] = await t.deps.store.readStream(streams.order(asked.id));
    const { confirmationRequired: _new, ...v2 } = placed!.data as Record<string, unknown>;
    const oldId = 'order-before-confirmations';
    await t.deps.store.append(
      streams.order(oldId),
      [
        {
          type: 'OrderPlaced',
          data: { ...v2, orderId: oldId, reference: 'OL-222222' },
          metadata: { schemaVersion: 2 },
        },
      ],
      { expectedRevision: NO_STREAM },
    );
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    expect((await orderOf(ayesha, oldId)).confirmation).toMatchObject({
      state: 'not-needed',
      expiresAt: null,
    });

    t.clock.advance(3 * 86_400_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 0, expired: 1 });
    expect([(await orderOf(ayesha, asked.id)).status, (await orderOf(ayesha, oldId)).status]).toEqual([
      'Cancelled',
      'Pending',
    ]);
  });

  it('expires nothing when it is off', async () => {
    const { ayesha, tee } = await shopWith({ [WINDOW]: 'off' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    expect(order.confirmation).toMatchObject({ state: 'awaiting', expiresAt: null });
    t.clock.advance(6 * 86_400_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 0, expired: 0 });
    expect((await orderOf(ayesha, order.id)).status).toBe('Pending');
  });
});
