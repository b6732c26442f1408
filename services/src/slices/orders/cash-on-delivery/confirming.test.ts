import type { ErrorBody, Order, OrderToConfirm, OrderTracking, Page } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../test-support/test-shop';
import { placeOrderOk } from '../order-test-kit';
import { closeShopAfterEach, confirmByLink, orderOf, shopWith, t, tokenFor } from './cod-test-kit';

closeShopAfterEach();

describe('confirming a cash-on-delivery order', () => {
  it('a COD order starts awaiting, expiring at its placing plus the window; a prepaid one needs none', async () => {
    const { ayesha, tee } = await shopWith();
    const cod = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    expect(cod.confirmation).toEqual({
      state: 'awaiting',
      at: null,
      by: null,
      channel: null,
      note: null,
      expiresAt: new Date(Date.parse(cod.createdAt) + 48 * 3_600_000).toISOString(),
    });
    const prepaid = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
    expect(prepaid.confirmation?.state).toBe('not-needed');
    expect(prepaid.confirmation?.expiresAt).toBeNull();
    const confirming = await t.request<ErrorBody>('POST', `/api/orders/${prepaid.id}/confirm`, {
      token: ayesha.token,
    });
    expect([confirming.status, confirming.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('by the link, signed out: confirmed by the shopper, shown on the timeline; a second click changes nothing', async () => {
    const { ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    t.clock.advance(60_000);
    const token = await tokenFor(order);
    const first = await confirmByLink(token);
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(order.id);
    expect(first.body.confirmation).toMatchObject({
      state: 'confirmed',
      at: t.clock.now().toISOString(),
      by: { id: ayesha.id, name: 'Ayesha' },
      channel: 'link',
      expiresAt: null,
    });
    t.clock.advance(60_000);
    const again = await confirmByLink(token);
    expect([again.status, again.body.confirmation.at]).toEqual([200, first.body.confirmation.at]);
    const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: ayesha.token,
    });
    expect(tracking.body.timeline.map((step) => step.key).slice(0, 2)).toEqual(['placed', 'confirmed']);
    const events = await t.deps.store.readStream(`order-${order.id}`);
    expect(events.filter((e) => e.type === 'OrderConfirmed')).toHaveLength(1);
  });

  it('refuses a forged, altered or expired token with 400 and confirms nothing', async () => {
    const { ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const token = await tokenFor(order);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 1e6 })).toString('base64url')}.${signature}`;
    for (const bad of ['forged.token.here', altered, ayesha.token]) {
      const response = await confirmByLink(bad);
      expect([response.status, response.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    t.clock.advance(48 * 3_600_000 + 1_000);
    const expired = await confirmByLink(token);
    expect([expired.status, expired.body.message]).toEqual([400, 'This confirmation link has expired.']);
    expect((await confirmByLink('')).status).toBe(400);
    t.clock.set(order.createdAt);
    expect((await orderOf(ayesha, order.id)).confirmation?.state).toBe('awaiting');
  });

  it('by the owner on the order page; someone else gets 404', async () => {
    const { ayesha, tee } = await shopWith();
    const bilal = await registerUser(t, { name: 'Bilal' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const stranger = await t.request<ErrorBody>('POST', `/api/orders/${order.id}/confirm`, {
      token: bilal.token,
    });
    expect(stranger.status).toBe(404);
    const owner = await t.request<Order>('POST', `/api/orders/${order.id}/confirm`, { token: ayesha.token });
    expect(owner.status).toBe(200);
    expect(owner.body.confirmation).toMatchObject({ state: 'confirmed', channel: 'order-page' });
  });

  it('by an admin who phoned, with a note; a shopper on the admin route gets 403', async () => {
    const { admin, ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const shopper = await t.request<ErrorBody>('POST', `/api/admin/orders/${order.id}/confirm`, {
      token: ayesha.token,
      body: { note: 'me' },
    });
    expect(shopper.status).toBe(403);
    const tooLong = await t.request<ErrorBody>('POST', `/api/admin/orders/${order.id}/confirm`, {
      token: admin.token,
      body: { note: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    const byPhone = await t.request<Order>('POST', `/api/admin/orders/${order.id}/confirm`, {
      token: admin.token,
      body: { note: 'Called 0300-1234567, she confirmed' },
    });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.confirmation).toMatchObject({
      state: 'confirmed',
      channel: 'phone',
      note: 'Called 0300-1234567, she confirmed',
      by: { id: admin.id },
    });
    const list = await t.request<Page<Order>>('GET', '/api/admin/lists/orders?confirmation=confirmed', {
      token: admin.token,
    });
    expect(list.body.items.map((row) => row.id)).toEqual([order.id]);
  });
});

describe('reading the order a confirmation link names, signed out', () => {
  it('names the order, its items and total before anything is pressed, and confirms nothing', async () => {
    const { ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 2 }]);
    const token = await tokenFor(order);
    const read = await t.request<OrderToConfirm>(
      'GET',
      `/api/orders/confirm?token=${encodeURIComponent(token)}`,
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      reference: order.reference,
      status: 'Pending',
      totalPrice: order.totalPrice,
      paymentMethod: 'COD',
      confirmation: { state: 'awaiting' },
      items: [{ name: 'Running Tee', qty: 2, price: 40 }],
    });
    // Who and where stay out of an answer to whoever holds the link.
    expect(JSON.stringify(read.body)).not.toContain('Ayesha');
    expect((await orderOf(ayesha, order.id)).confirmation?.state).toBe('awaiting');

    const forged = await t.request<ErrorBody>('GET', `/api/orders/confirm?token=${token.slice(0, -2)}xx`);
    expect([forged.status, forged.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await t.request<ErrorBody>('GET', '/api/orders/confirm');
    expect(missing.status).toBe(400);
  });
});
