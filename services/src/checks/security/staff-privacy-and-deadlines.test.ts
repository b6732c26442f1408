import type { CodAvailability, ErrorBody, Order, OrderTracking } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, orderBody, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SHOP_ENV,
  type TestShop,
} from '../../test-support/test-shop';

/**
 * Three holes an attacker found (issue 36, items 3 to 5), each reproduced as it was found: a staff
 * note shown to the shopper, a confirmation accepted after its deadline, and the COD standing of
 * anyone's phone.
 */

let t: TestShop;
afterEach(() => t.close());

async function shopWith(env: Record<string, string> = {}) {
  t = await openTestShop({ env: { ...TEST_SHOP_ENV, ...env } });
  const admin = await signInAdmin(t);
  const ayesha = await registerUser(t, { name: 'Ayesha', contact: '0333-7654322' });
  const tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 10 });
  return { admin, ayesha, tee };
}

const get = <T>(user: SignedInUser, path: string) =>
  t.request<T & ErrorBody>('GET', path, { token: user.token });

describe('a staff note and a staff identity stay on the staff side', () => {
  it("the admin's phone-confirmation note and id appear in no answer to the shopper; the admin still sees both", async () => {
    const { admin, ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const note = 'INTERNAL phone note: sounded unsure';
    const confirmed = await t.request<Order>('POST', `/api/admin/orders/${order.id}/confirm`, {
      token: admin.token,
      body: { note },
    });
    expect(confirmed.body.confirmation).toMatchObject({ by: { id: admin.id }, note, channel: 'phone' });

    const answers = [
      (await get<Order>(ayesha, `/api/orders/${order.id}`)).body,
      (await get<OrderTracking>(ayesha, `/api/orders/${order.id}/tracking`)).body,
      (await get<Order[]>(ayesha, '/api/orders/myorders')).body,
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain('INTERNAL');
      expect(text).not.toContain(admin.id);
    }
    expect((await get<Order>(ayesha, `/api/orders/${order.id}`)).body.confirmation).toMatchObject({
      state: 'confirmed',
      channel: 'phone',
      by: null,
      note: null,
    });
    // Staff see it: the order view, and the admin's list.
    expect((await get<Order>(admin, `/api/orders/${order.id}`)).body.confirmation).toMatchObject({
      by: { id: admin.id },
      note,
    });
    const list = await get<{ items: Order[] }>(admin, '/api/admin/lists/orders');
    expect(list.body.items[0]?.confirmation?.note).toBe(note);
  });

  it('the shopper still sees that she confirmed it herself', async () => {
    const { ayesha, tee } = await shopWith();
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await t.request('POST', `/api/orders/${order.id}/confirm`, { token: ayesha.token });
    expect((await get<Order>(ayesha, `/api/orders/${order.id}`)).body.confirmation?.by).toEqual({
      id: ayesha.id,
      name: 'Ayesha',
    });
  });
});

describe('the confirmation deadline binds every channel', () => {
  it("the owner's and the admin's confirmations 0.3 s after expiresAt are refused as expired; the sweep then cancels", async () => {
    const { admin, ayesha, tee } = await shopWith({ COD_CONFIRMATION_WINDOW: '10m' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const expiresAt = order.confirmation?.expiresAt;
    if (!expiresAt) throw new Error('a COD order awaits confirmation');
    t.clock.set(new Date(Date.parse(expiresAt) + 300));

    const byOwner = await t.request<ErrorBody>('POST', `/api/orders/${order.id}/confirm`, {
      token: ayesha.token,
    });
    const byAdmin = await t.request<ErrorBody>('POST', `/api/admin/orders/${order.id}/confirm`, {
      token: admin.token,
      body: { note: 'called her' },
    });
    for (const refused of [byOwner, byAdmin]) {
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'This order was not confirmed in time and was cancelled. Please place it again.',
      ]);
    }
    const events = await t.deps.store.readStream(`order-${order.id}`);
    expect(events.some((e) => e.type === 'OrderConfirmed')).toBe(false);
  });

  it('one second before the deadline the owner still confirms', async () => {
    const { ayesha, tee } = await shopWith({ COD_CONFIRMATION_WINDOW: '10m' });
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    t.clock.set(new Date(Date.parse(order.confirmation?.expiresAt ?? '') - 1_000));
    const confirmed = await t.request<Order>('POST', `/api/orders/${order.id}/confirm`, {
      token: ayesha.token,
    });
    expect(confirmed.body.confirmation?.state).toBe('confirmed');
  });
});

describe('the COD standing answers only for the caller’s own numbers', () => {
  async function refusedTwice(admin: SignedInUser, tee: Awaited<ReturnType<typeof shopWith>>['tee']) {
    const victim = await registerUser(t, { name: 'Victim', contact: '0345-1112233' });
    for (let i = 0; i < 2; i++) {
      const order = await placeOrderOk(t, victim, [{ product: tee, qty: 1 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone: '+92 345 1112233' },
      });
      await setStatus(t, admin, order.id, 'Dispatched');
      await setStatus(t, admin, order.id, 'Refused');
    }
    return victim;
  }

  it("a fresh account learns nothing of another person's refusals; the owner of the number does", async () => {
    const { admin, ayesha, tee } = await shopWith();
    const victim = await refusedTwice(admin, tee);
    const path = `/api/orders/cod-standing?phone=${encodeURIComponent('+92 345 1112233')}`;
    const stranger = await get<CodAvailability>(ayesha, path);
    expect([stranger.status, stranger.body]).toEqual([200, { available: true }]);
    const own = await get<CodAvailability>(victim, path);
    expect(own.body.available).toBe(false);
    expect(own.body.reason).toMatch(/earlier parcels were refused/);
  });

  it('placing a COD order to that phone is still refused, without saying why', async () => {
    const { admin, ayesha, tee } = await shopWith();
    await refusedTwice(admin, tee);
    const placed = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone: '0345 1112233' },
      }),
    });
    expect([placed.status, placed.body.code]).toEqual([409, 'COD_NOT_AVAILABLE']);
    expect(placed.body.message).toMatch(/^Cash on delivery is not available for this order\./);
    expect(placed.body.message).not.toMatch(/refused/);
  });

  it('is throttled per account: 20 questions, then 429 with Retry-After', async () => {
    const { ayesha } = await shopWith();
    for (let i = 0; i < 20; i++) {
      expect((await get(ayesha, `/api/orders/cod-standing?phone=0300${String(1000000 + i)}`)).status).toBe(
        200,
      );
    }
    const throttled = await t.request<ErrorBody>('GET', '/api/orders/cod-standing?phone=03009999999', {
      token: ayesha.token,
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('5');
  });
});
