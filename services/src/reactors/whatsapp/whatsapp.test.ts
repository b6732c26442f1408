import type { MessagesStatus } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runConfirmationExpiry } from '../../slices/orders/cash-on-delivery/confirmation-expiry';
import { verifyConfirmationToken } from '../../slices/orders/cash-on-delivery/confirmation-link';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import type { CloudApiServer } from '../../test-support/cloud-api-server';
import { RATE_LIMITED } from '../../test-support/cloud-api-server';
import { waitForCounts } from '../../test-support/mail-shop';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';
import { startCloudApi, TEST_WHATSAPP, testWhatsAppSettings } from '../../test-support/whatsapp-shop';

let api: CloudApiServer;
let t: TestShop;
let admin: SignedInUser;
const whatsapp = { channel: 'whatsapp' } as const;
const tokens = { signingKey: new TextEncoder().encode(TEST_SIGNING_SECRET), clock: () => t.clock.now() };
const address = (phone: string, fullName = 'Ayesha Khan') => ({
  fullName,
  address: '1 Mall Road',
  city: 'Lahore',
  postalCode: '54000',
  country: 'Pakistan',
  phone,
});

async function open(env: Record<string, string> = {}) {
  t = await openTestShop({ whatsapp: testWhatsAppSettings(api, env) });
  admin = await signInAdmin(t);
}

beforeEach(async () => {
  api = await startCloudApi(['923009999999']);
});

afterEach(async () => {
  await t?.close();
  await api.close();
});

describe('WhatsApp through the Cloud API', () => {
  it('sends the COD confirmation request, the reminder and the dispatch notice once each to the shipping phone', async () => {
    await open();
    const shopper = await registerUser(t, { name: 'Account Name' });
    const tee = await createProduct(t, admin, { name: 'Running Tee', price: 1500 });
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 2 }], {
      shippingAddress: address('0333-1234567', 'Sana Malik'),
    });

    await api.waitUntil(() => api.received.length === 1);
    const [request] = api.received;
    expect(request).toMatchObject({
      to: '923331234567',
      template: 'order_confirmation_request',
      language: 'en',
      body: ['Sana Malik', order.reference, 'PKR 3,000.00'],
    });
    // The URL button's suffix is the confirmation link's token: it names the order, signed by the
    // shop, and expires with the confirmation window (48 hours by default).
    const placedAt = t.clock.now().getTime();
    expect(await verifyConfirmationToken(tokens, request!.urlButton!)).toEqual({ orderId: order.id });
    expect(
      await verifyConfirmationToken(
        { ...tokens, clock: () => new Date(placedAt + 48 * 60 * 60_000) },
        request!.urlButton!,
      ),
    ).toEqual({ invalid: 'expired' });

    // Halfway through the window, the confirmation window's process reminds once.
    t.clock.advance(24 * 60 * 60_000);
    expect(await runConfirmationExpiry(t.deps)).toEqual({ reminded: 1, expired: 0 });
    await api.waitUntil(() => api.received.length === 2);
    expect(api.received[1]).toMatchObject({
      to: '923331234567',
      template: 'order_confirmation_reminder',
      body: ['Sana Malik', order.reference, '4 May at 1:00 pm (Pakistan time)'],
    });
    expect(await verifyConfirmationToken(tokens, api.received[1]!.urlButton!)).toEqual({ orderId: order.id });

    const confirmed = await t.request('POST', '/api/orders/confirm', {
      body: { token: api.received[1]!.urlButton },
    });
    expect(confirmed.status).toBe(200);
    await setStatus(t, admin, order.id, 'Processing');
    await setStatus(t, admin, order.id, 'Dispatched');
    await api.waitUntil(() => api.received.length === 3);
    expect(api.received[2]).toMatchObject({
      to: '923331234567',
      template: 'order_dispatched',
      body: ['Sana Malik', order.reference],
      urlButton: order.id,
    });

    const counts = await waitForCounts(t, admin, (c) => c.sent === 3 && c.waiting === 0, whatsapp);
    expect(counts).toMatchObject({ delivery: 'cloud-api', failed: 0, lastFailure: null, lastRetry: null });
    expect(api.received).toHaveLength(3);
    expect(api.requests).toBe(3);
  });

  it('owes nothing to a prepaid order but its dispatch notice, and nothing to a landline or an order without a phone', async () => {
    await open();
    const shopper = await registerUser(t, { name: 'Hamza Ali' });
    const tee = await createProduct(t, admin);
    const card = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], {
      paymentMethod: 'Card',
      shippingAddress: address('+92 321 7654321', ''),
    });
    // Cash on delivery needs a mobile, so orders to a landline or to no phone at all are prepaid.
    const landline = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], {
      paymentMethod: 'Card',
      shippingAddress: address('042-35761234'),
    });
    const none = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], {
      paymentMethod: 'Card',
      shippingAddress: address(''),
    });
    for (const order of [card, landline, none]) {
      if (order.paymentMethod === 'Card') await setStatus(t, admin, order.id, 'Paid');
      await setStatus(t, admin, order.id, 'Processing');
      await setStatus(t, admin, order.id, 'Dispatched');
    }

    await waitForCounts(t, admin, (c) => c.sent === 1 && c.waiting === 0, whatsapp);
    // Without a name on the address, the account's name.
    expect(api.received).toEqual([
      expect.objectContaining({
        to: '923217654321',
        template: 'order_dispatched',
        body: ['Hamza Ali', card.reference],
      }),
    ]);
  });

  it('retries a rate-limit answer no sooner than its Retry-After, and a server error with backoff', async () => {
    await open();
    api.script(RATE_LIMITED(120), { status: 503, code: 2, message: 'Service temporarily unavailable' });
    const shopper = await registerUser(t);
    const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);

    const limited = await waitForCounts(t, admin, (c) => c.lastRetry !== null, whatsapp);
    expect(limited.lastRetry!.reason).toMatch(/^WhatsApp 429 \(code 130429.*\): Rate limit hit/);
    // Retry-After (120 s) wins over the first backoff (30 s).
    expect(limited.lastRetry!.retryAt).toBe(new Date(t.clock.now().getTime() + 120_000).toISOString());
    expect(api.received).toHaveLength(0);

    t.clock.advance(120_000);
    const unavailable = await waitForCounts(t, admin, (c) => /503/.test(c.lastRetry?.reason ?? ''), whatsapp);
    // The second attempt's backoff: 60 s.
    expect(unavailable.lastRetry!.retryAt).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());

    t.clock.advance(60_000);
    const sent = await waitForCounts(t, admin, (c) => c.sent === 1, whatsapp);
    expect(sent).toMatchObject({ waiting: 0, failed: 0, lastRetry: null });
    expect(api.requests).toBe(3);
    expect(api.received.map((m) => m.body[1])).toEqual([order.reference]);
  });

  it('marks a template error and a number not on WhatsApp failed, and does not try them again', async () => {
    await open({ WHATSAPP_TEMPLATE_CONFIRMATION: 'order_confirmation_typo' });
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const template = await waitForCounts(t, admin, (c) => c.failed === 1, whatsapp);
    expect(template.lastFailure).toMatchObject({ kind: 'cod-confirmation-request' });
    expect(template.lastFailure!.reason).toMatch(/^WhatsApp 404 \(code 132001.*Template name does not exist/);

    t.clock.advance(1_000);
    const card = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], {
      paymentMethod: 'Card',
      shippingAddress: address('0300-9999999'),
    });
    for (const status of ['Paid', 'Processing', 'Dispatched']) await setStatus(t, admin, card.id, status);
    const number = await waitForCounts(t, admin, (c) => c.failed === 2, whatsapp);
    expect(number.lastFailure).toMatchObject({ kind: 'order-dispatched' });
    expect(number.lastFailure!.reason).toMatch(/^WhatsApp 400 \(code 131026.*Message undeliverable/);

    t.clock.advance(24 * 60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 250)); // ten polls of the outbox
    expect(api.requests).toBe(2);
    expect(api.received).toHaveLength(0);
    expect(await waitForCounts(t, admin, () => true, whatsapp)).toMatchObject({
      sent: 0,
      waiting: 0,
      failed: 2,
    });
  });

  it('gives up on a call the API does not answer in time, and sends the message on the next attempt', async () => {
    t = await openTestShop({ whatsapp: { ...testWhatsAppSettings(api), requestTimeoutMs: 300 } });
    admin = await signInAdmin(t);
    api.holdRecipients();
    const shopper = await registerUser(t);
    const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);

    const timedOut = await waitForCounts(t, admin, (c) => c.lastRetry !== null, whatsapp);
    expect(timedOut.lastRetry!.reason).toBe(
      'The WhatsApp Cloud API could not be reached: no answer within 300 ms',
    );
    await api.waitUntil(() => api.held === 0); // the shop hung up: the API holds nothing for it
    api.openGate();
    t.clock.advance(30_000);
    await waitForCounts(t, admin, (c) => c.sent === 1 && c.waiting === 0, whatsapp);
    expect(api.received.map((m) => m.body[1])).toEqual([order.reference]);
    expect(api.requests).toBe(2);
  });

  it('retries while the token is refused, shows why on the messages panel, and sends once it is fixed', async () => {
    await open();
    api.token = 'a-rotated-token-the-shop-does-not-have';
    const shopper = await registerUser(t);
    const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);

    const refused = await waitForCounts(t, admin, (c) => c.lastRetry !== null, whatsapp);
    expect(refused).toMatchObject({ delivery: 'cloud-api', waiting: 1, failed: 0, sent: 0 });
    expect(refused.lastRetry!.reason).toMatch(
      /^WhatsApp 401 \(code 190\/463, OAuthException\).*check WHATSAPP_TOKEN/,
    );

    t.clock.advance(30_000);
    await waitForCounts(
      t,
      admin,
      (c) => c.lastRetry?.retryAt === new Date(t.clock.now().getTime() + 60_000).toISOString(),
      whatsapp,
    );
    api.token = TEST_WHATSAPP.token;
    t.clock.advance(60_000);
    await waitForCounts(t, admin, (c) => c.sent === 1 && c.waiting === 0, whatsapp);
    expect(api.received.map((m) => m.body[1])).toEqual([order.reference]);
  });

  it('withdraws a confirmation request the shopper made needless by confirming on the order page first', async () => {
    await open();
    api.token = 'a-rotated-token-the-shop-does-not-have';
    const shopper = await registerUser(t);
    const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);
    await waitForCounts(t, admin, (c) => c.lastRetry !== null, whatsapp);
    const confirmed = await t.request('POST', `/api/orders/${order.id}/confirm`, { token: shopper.token });
    expect(confirmed.status).toBe(200);

    api.token = TEST_WHATSAPP.token;
    t.clock.advance(30_000);
    const counts = await waitForCounts(t, admin, (c) => c.waiting === 0, whatsapp);
    expect([counts.sent, counts.withdrawn, counts.failed]).toEqual([0, 1, 0]);
    expect(api.received).toEqual([]);
  });
});

it('is off without a token and a sender, and says so', async () => {
  t = await openTestShop();
  admin = await signInAdmin(t);
  const shopper = await registerUser(t);
  await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);
  const messages = await t.request<MessagesStatus>('GET', '/api/admin/messages', { token: admin.token });
  expect(messages.body.channels.find((c) => c.channel === 'whatsapp')).toMatchObject({
    delivery: 'off',
    sent: 0,
    waiting: 0,
  });
});
