import {
  type AdminCustomer,
  type AdminMetrics,
  type CodAvailability,
  type ConfirmedByLink,
  type ErrorBody,
  NO_STREAM,
  type Order,
  type OrderTracking,
  type Page,
  streams,
} from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readModelRows } from '../../../test-support/read-model-rows';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SHOP_ENV,
  type TestShop,
} from '../../../test-support/test-shop';
import { createProduct, orderBody, placeOrderOk, setStatus, stockOf } from '../order-test-kit';
import { runConfirmationExpiry } from './confirmation-expiry';
import { confirmationToken } from './confirmation-link';

let t: TestShop;
afterEach(() => t.close());

const WINDOW = 'COD_CONFIRMATION_WINDOW';

async function shopWith(env: Record<string, string> = {}) {
  t = await openTestShop({ env: { ...TEST_SHOP_ENV, ...env } });
  const admin = await signInAdmin(t);
  const ayesha = await registerUser(t, { name: 'Ayesha' });
  const tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 10 });
  return { admin, ayesha, tee };
}

const orderOf = async (user: SignedInUser, id: string) =>
  (await t.request<Order>('GET', `/api/orders/${id}`, { token: user.token })).body;
const confirmByLink = (token: string) =>
  t.request<ConfirmedByLink & ErrorBody>('POST', '/api/orders/confirm', { body: { token } });
const tokenFor = (order: Order) => confirmationToken(t.deps, order.id, order.confirmation?.expiresAt ?? null);

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

describe('refused parcels and serial refusers', () => {
  it('Refused puts the stock back and counts a refusal; at the limit COD is refused on the account and on the phone, a wallet order still goes', async () => {
    const { admin, ayesha, tee } = await shopWith();
    const refuse = async (user: SignedInUser, phone: string) => {
      const order = await placeOrderOk(t, user, [{ product: tee, qty: 2 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone },
      });
      await setStatus(t, admin, order.id, 'Dispatched');
      return setStatus(t, admin, order.id, 'Refused');
    };
    const first = await refuse(ayesha, '0333-1234567');
    expect(first.status).toBe('Refused');
    expect(await stockOf(t, tee)).toBe(10);
    const standing = () =>
      t.request<CodAvailability>('GET', '/api/orders/cod-standing?phone=%2B923331234567', {
        token: ayesha.token,
      });
    expect((await standing()).body).toEqual({ available: true });
    await refuse(ayesha, '+923331234567');
    expect((await standing()).body.available).toBe(false);
    expect((await standing()).body.reason).toMatch(/Jazz Cash \/ EasyPaisa \/ Bank Account/);

    const codAgain = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }]),
    });
    expect([codAgain.status, codAgain.body.code]).toEqual([409, 'COD_NOT_AVAILABLE']);
    expect(codAgain.body.message).toMatch(/pay in advance by Jazz Cash/);
    // Another account shipping to the same phone, written another way.
    const bilal = await registerUser(t, { name: 'Bilal' });
    const samePhone = await t.request<ErrorBody>('POST', '/api/orders', {
      token: bilal.token,
      body: orderBody([{ product: tee, qty: 1 }], {
        shippingAddress: { ...orderBody([]).shippingAddress, phone: '0333 1234567' },
      }),
    });
    expect([samePhone.status, samePhone.body.code]).toEqual([409, 'COD_NOT_AVAILABLE']);
    expect(
      (await t.request<CodAvailability>('GET', '/api/orders/cod-standing', { token: bilal.token })).body,
    ).toEqual({ available: true });
    await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });

    const customers = await t.request<Page<AdminCustomer>>('GET', '/api/admin/lists/customers', {
      token: admin.token,
    });
    const row = customers.body.items.find((c) => c.name === 'Ayesha');
    expect(row?.cod).toEqual({ refusals: 2, blocked: true });

    const metrics = await t.request<AdminMetrics>('GET', '/api/admin/metrics', { token: admin.token });
    expect(metrics.body.cod).toEqual({ refused: 2, confirmationRate: null, refusalRate: 1 });
    expect(metrics.body.byStatus.Refused).toBe(2);
  });

  it('the admin lifts the limit: COD again until the next refusal; a shopper cannot, an empty reason is 400', async () => {
    const { admin, ayesha, tee } = await shopWith({ COD_REFUSAL_LIMIT: '1' });
    const cod = () => placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const refuse = async (order: Order) => {
      await setStatus(t, admin, order.id, 'Processing');
      await setStatus(t, admin, order.id, 'Shipped');
      await setStatus(t, admin, order.id, 'Refused');
    };
    await refuse(await cod());
    const lift = (user: SignedInUser, reason: string) =>
      t.request<ErrorBody & { refusals: number; blocked: boolean }>(
        'POST',
        `/api/admin/customers/${ayesha.id}/cod-limit/lift`,
        { token: user.token, body: { reason } },
      );
    expect((await lift(ayesha, 'please')).status).toBe(403);
    expect((await lift(admin, '  ')).status).toBe(400);
    const lifted = await lift(admin, 'She paid the courier the return fee');
    expect([lifted.status, lifted.body.refusals, lifted.body.blocked]).toEqual([200, 1, false]);
    expect((await lift(admin, 'again')).status).toBe(409);
    await refuse(await cod());
    const refusedAgain = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }]),
    });
    expect(refusedAgain.body.code).toBe('COD_NOT_AVAILABLE');
  });
});

describe('rebuilding every read model from the log', () => {
  it('gives the same rows as the live ones, with confirmations, reminders, expiries, refused parcels and a lift', async () => {
    const { admin, ayesha, tee } = await shopWith({ [WINDOW]: '90s', COD_REFUSAL_LIMIT: '1' });
    const byLink = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await confirmByLink(await tokenFor(byLink));
    const byPhone = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await t.request('POST', `/api/admin/orders/${byPhone.id}/confirm`, {
      token: admin.token,
      body: { note: 'ok' },
    });
    await setStatus(t, admin, byPhone.id, 'Dispatched');
    await setStatus(t, admin, byPhone.id, 'Refused');
    await t.request('POST', `/api/admin/customers/${ayesha.id}/cod-limit/lift`, {
      token: admin.token,
      body: { reason: 'Paid the return fee' },
    });
    await placeOrderOk(t, ayesha, [{ product: tee, qty: 2 }]);
    t.clock.advance(46_000);
    await runConfirmationExpiry(t.deps);
    t.clock.advance(45_000);
    await runConfirmationExpiry(t.deps);

    const snapshot = () => readModelRows(t.deps.readModels);
    const live = snapshot();
    expect(live.cod_refusals).toHaveLength(1);
    expect(live.cod_limit_lifts).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_state":"expired"'))).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_channel":"phone"'))).toHaveLength(1);
    expect(live.orders?.filter((row) => row.includes('"confirmation_reminded":1'))).toHaveLength(1);
    await t.deps.projections.rebuild();
    expect(snapshot()).toEqual(live);
  });
});
