import { createHmac } from 'node:crypto';
import type { OrderPayments, OrderTracking, ShopInfo } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_PATH, fakeJazzCashHash } from '../../test-support/fake-jazzcash';
import { readModelRows } from '../../test-support/read-model-rows';
import { openTestShop, registerUser, TEST_SHOP_ENV } from '../../test-support/test-shop';
import { placeOrderOk } from '../orders/order-test-kit';
import { runPaymentInquiry } from './inquiry';
import {
  MERCHANT,
  orderEventTypes,
  orderOf,
  type PaymentWorld,
  paymentWorld,
  placeCardOrder,
  postNotice,
  postToHostedPage,
  startPayment,
} from './payment-test-kit';

let w: PaymentWorld;
afterEach(() => w.close());

type Notice = { id: string; orderId: string | null; txnRef: string | null; reason: string; via: string };
const notices = async () =>
  (await w.t.request<Notice[]>('GET', '/api/admin/payment-notices', { token: w.admin.token })).body;
const paymentsOf = async (orderId: string) =>
  (await w.t.request<OrderPayments>('GET', `/api/orders/${orderId}/payments`, { token: w.ayesha.token }))
    .body;
const resign = (fields: Record<string, string>) => ({
  ...fields,
  pp_SecureHash: fakeJazzCashHash(fields, MERCHANT.salt),
});

describe('POST /api/orders/{id}/pay', () => {
  it("answers JazzCash's signed form for the order's amount in paisa, which JazzCash's page accepts", async () => {
    w = await paymentWorld({}, { publicUrl: 'https://shop.example.pk' });
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    expect(form.actionUrl).toBe(`${w.fake.url}${FORM_PATH}`);
    const f = form.fields;
    expect(f).toMatchObject({
      pp_Version: '1.1',
      pp_MerchantID: MERCHANT.merchantId,
      pp_Password: MERCHANT.password,
      pp_Amount: '145000',
      pp_TxnCurrency: 'PKR',
      pp_BillReference: order.reference.replace(/[^A-Za-z0-9]/g, ''),
      pp_ReturnURL: 'https://shop.example.pk/api/payments/jazzcash/return',
    });
    expect(f.pp_TxnRefNo).toMatch(/^T\d{14}[A-Z0-9]{5}$/);
    // 2024-05-02 08:00 UTC is 13:00 in Karachi; the shopper has an hour.
    expect(f.pp_TxnDateTime).toBe('20240502130000');
    expect(f.pp_TxnExpiryDateTime).toBe('20240502140000');
    const values = Object.keys(f)
      .filter((k) => k !== 'pp_SecureHash' && f[k] !== '')
      .sort()
      .map((k) => f[k]);
    const byHand = createHmac('sha256', MERCHANT.salt)
      .update([MERCHANT.salt, ...values].join('&'))
      .digest('hex')
      .toUpperCase();
    expect(f.pp_SecureHash).toBe(byHand);
    const page = await postToHostedPage(form);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Pay PKR 1450.00');
    expect(w.fake.refusedForms).toBe(0);
    // The shop's pages may post forms to JazzCash's page, and nowhere else but the shop.
    const csp = (await w.t.request('GET', '/health/live')).headers.get('content-security-policy');
    expect(csp).toContain(`form-action 'self' ${w.fake.url};`);
    expect(await orderEventTypes(w, order.id)).toEqual(['OrderPlaced', 'PaymentStarted']);
    expect((await paymentsOf(order.id)).attempts).toMatchObject([
      { txnRef: f.pp_TxnRefNo, amount: 1450, state: 'pending' },
    ]);
  });

  it("is the owner's only: 401 signed out, 404 for another shopper, 409 for cash on delivery", async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const body = { method: 'jazzcash' };
    expect((await w.t.request('POST', `/api/orders/${order.id}/pay`, { body })).status).toBe(401);
    const sana = await registerUser(w.t, { name: 'Sana' });
    const other = await w.t.request('POST', `/api/orders/${order.id}/pay`, { token: sana.token, body });
    expect(other.status).toBe(404);
    const unknown = await w.t.request('POST', '/api/orders/no-such-order/pay', {
      token: w.ayesha.token,
      body,
    });
    expect(unknown.status).toBe(404);
    const wrong = await w.t.request('POST', `/api/orders/${order.id}/pay`, {
      token: w.ayesha.token,
      body: { method: 'bitcoin' },
    });
    expect(wrong.status).toBe(400);
    const cod = await placeOrderOk(w.t, w.ayesha, [{ product: w.tee, qty: 1 }]);
    const codPay = await w.t.request('POST', `/api/orders/${cod.id}/pay`, { token: w.ayesha.token, body });
    expect(codPay.status).toBe(409);
    expect(codPay.body.message).toMatch(/cash on delivery/);
    expect(await orderEventTypes(w, order.id)).toEqual(['OrderPlaced']);
  });

  it('is 404 when the shop has not configured JazzCash, which /api/shop says', async () => {
    w = await paymentWorld();
    const plain = await openTestShop({ env: TEST_SHOP_ENV });
    try {
      const shop = await plain.request<ShopInfo>('GET', '/api/shop');
      expect(shop.body.onlinePayments).toEqual({ jazzCash: false });
      const user = await registerUser(plain);
      const answer = await plain.request('POST', '/api/orders/any/pay', {
        token: user.token,
        body: { method: 'jazzcash' },
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
    const configured = await w.t.request<ShopInfo>('GET', '/api/shop');
    expect(configured.body.onlinePayments).toEqual({ jazzCash: true });
    expect(JSON.stringify(configured.body)).not.toContain(MERCHANT.salt);
    expect(JSON.stringify(configured.body)).not.toContain(MERCHANT.password);
  });
});

describe('the IPN', () => {
  it('marks the order Paid once: the same IPN again changes nothing', async () => {
    w = await paymentWorld();
    const { url } = await w.t.listen();
    w.fake.ipnUrl = `${url}/api/payments/jazzcash/ipn`;
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    const fields = await w.fake.settle(form.fields.pp_TxnRefNo!, 'paid');
    expect(w.fake.ipns).toHaveLength(1);
    expect(await notices()).toEqual([]);
    expect(w.fake.ipns[0]!.body).toContain('000');
    expect(w.fake.ipns[0]!.status).toBe(200);
    expect(JSON.parse(w.fake.ipns[0]!.body)).toMatchObject({ pp_ResponseCode: '000' });
    const paid = await orderOf(w, order.id);
    expect(paid).toMatchObject({ status: 'Paid', isPaid: true, paidAt: '2024-05-02T08:00:00.000Z' });
    const eventsAfterFirst = await orderEventTypes(w, order.id);
    expect(eventsAfterFirst).toEqual(['OrderPlaced', 'PaymentStarted', 'PaymentSucceeded', 'StatusChanged']);

    w.t.clock.advance(60_000);
    const again = await postNotice(w, 'ipn', fields);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ pp_ResponseCode: '000' });
    expect(await orderEventTypes(w, order.id)).toEqual(eventsAfterFirst);
    expect((await orderOf(w, order.id)).paidAt).toBe('2024-05-02T08:00:00.000Z');
    expect((await paymentsOf(order.id)).attempts[0]).toMatchObject({ state: 'succeeded' });
  });

  it('changes nothing and records a forged hash, a wrong amount, an unknown reference', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    const txnRef = form.fields.pp_TxnRefNo!;
    const fields = await w.fake.settle(txnRef, 'paid', { notify: false });

    const forged = await postNotice(w, 'ipn', {
      ...fields,
      pp_SecureHash: fakeJazzCashHash(fields, 'guessed-salt'),
    });
    expect(forged.status).toBe(400);
    const plainSha = await postNotice(w, 'ipn', { ...fields, pp_Amount: '100' });
    expect(plainSha.status).toBe(400);
    const cheaper = await postNotice(w, 'ipn', resign({ ...fields, pp_Amount: '100' }));
    expect(cheaper.status).toBe(200);
    const unknown = await postNotice(w, 'ipn', resign({ ...fields, pp_TxnRefNo: 'T20240502130000ZZZZZ' }));
    expect(unknown.status).toBe(400);

    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Pending', isPaid: false });
    expect(await orderEventTypes(w, order.id)).toEqual([
      'OrderPlaced',
      'PaymentStarted',
      'PaymentNoticeRejected',
    ]);
    const recorded = await notices();
    expect(recorded.map((n) => [n.reason, n.orderId, n.txnRef]).sort()).toEqual(
      [
        ['amount-mismatch', order.id, txnRef],
        ['bad-hash', null, txnRef],
        ['bad-hash', null, txnRef],
        ['unknown-reference', null, 'T20240502130000ZZZZZ'],
      ].sort(),
    );
  });

  it('changes nothing for an order cancelled meanwhile, and records that its money is owed back', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    const cancel = await w.t.request('POST', `/api/orders/${order.id}/cancel`, { token: w.ayesha.token });
    expect(cancel.status).toBe(200);
    const fields = await w.fake.settle(form.fields.pp_TxnRefNo!, 'paid', { notify: false });
    expect((await postNotice(w, 'ipn', fields)).status).toBe(200);
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Cancelled', isPaid: false });
    expect((await notices()).map((n) => n.reason)).toEqual(['order-not-payable']);
  });

  it('records a declined payment as failed; a later success for it is recorded and changes nothing', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    const declined = await w.fake.settle(form.fields.pp_TxnRefNo!, 'declined', { notify: false });
    expect((await postNotice(w, 'ipn', declined)).status).toBe(200);
    expect((await postNotice(w, 'ipn', declined)).status).toBe(200);
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Pending', isPaid: false });
    const { attempts, canPayOnline } = await paymentsOf(order.id);
    expect(attempts).toMatchObject([{ state: 'failed', message: 'Transaction declined by the customer.' }]);
    expect(canPayOnline).toBe(true);
    expect(await orderEventTypes(w, order.id)).toEqual(['OrderPlaced', 'PaymentStarted', 'PaymentFailed']);
    const tracking = await w.t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: w.ayesha.token,
    });
    expect(tracking.body.timeline.slice(0, 3).map((step) => [step.key, step.description])).toEqual([
      ['placed', 'Your order has been received'],
      ['payment-started', 'You went to JazzCash to pay'],
      ['payment-failed', 'JazzCash said: Transaction declined by the customer.'],
    ]);
    const success = resign({ ...declined, pp_ResponseCode: '000' });
    expect((await postNotice(w, 'ipn', success)).status).toBe(200);
    expect(await orderOf(w, order.id)).toMatchObject({ isPaid: false });
    expect((await notices()).map((n) => n.reason)).toEqual(['already-settled']);
  });
});

describe('the return from JazzCash', () => {
  it('is verified the same way, then sends the browser to the order page', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    const fields = await w.fake.settle(form.fields.pp_TxnRefNo!, 'paid', { notify: false });

    const forged = await postNotice(w, 'return', { ...fields, pp_SecureHash: 'A'.repeat(64) });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/?payment=unverified');
    expect(await orderOf(w, order.id)).toMatchObject({ isPaid: false });

    const back = await postNotice(w, 'return', fields);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/order/${order.id}?payment=paid`);
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Paid', isPaid: true });
    // The IPN arriving after the browser changes nothing.
    const types = await orderEventTypes(w, order.id);
    expect((await postNotice(w, 'ipn', fields)).status).toBe(200);
    expect(await orderEventTypes(w, order.id)).toEqual(types);
    expect((await notices()).map((n) => [n.reason, n.via])).toEqual([['bad-hash', 'return']]);
  });
});

describe('the status inquiry', () => {
  it('settles a payment that never came back, once, however many instances ask', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    await w.fake.settle(form.fields.pp_TxnRefNo!, 'paid', { notify: false });

    w.t.clock.advance(14 * 60_000);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 0, settled: 0 });
    expect(await orderOf(w, order.id)).toMatchObject({ isPaid: false });

    w.t.clock.advance(60_000);
    const rounds = await Promise.all([runPaymentInquiry(w.t.deps), runPaymentInquiry(w.t.deps)]);
    expect(rounds.map((r) => r.asked)).toEqual([1, 1]);
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Paid', isPaid: true });
    const types = await orderEventTypes(w, order.id);
    expect(types.filter((type) => type === 'PaymentSucceeded')).toHaveLength(1);
    expect(types.filter((type) => type === 'StatusChanged')).toHaveLength(1);
    expect((await paymentsOf(order.id)).attempts).toMatchObject([{ state: 'succeeded' }]);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 0, settled: 0 });
  });

  it('keeps asking while JazzCash says pending, and fails the payment once it has expired', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const form = await startPayment(w, order);
    await postToHostedPage(form);
    w.t.clock.advance(20 * 60_000);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 1, settled: 0 });
    expect((await paymentsOf(order.id)).attempts).toMatchObject([{ state: 'pending' }]);
    w.t.clock.advance(41 * 60_000);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 1, settled: 1 });
    expect((await paymentsOf(order.id)).attempts).toMatchObject([
      { state: 'failed', message: 'The payment was not completed before it expired.' },
    ]);
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Pending', isPaid: false });
  });

  it('believes a declined answer at once, and waits when the inquiry cannot be reached', async () => {
    w = await paymentWorld();
    const declined = await placeCardOrder(w);
    const declinedForm = await startPayment(w, declined);
    await postToHostedPage(declinedForm);
    await w.fake.settle(declinedForm.fields.pp_TxnRefNo!, 'declined', { notify: false });
    const unanswered = await placeCardOrder(w);
    await postToHostedPage(await startPayment(w, unanswered));
    w.t.clock.advance(16 * 60_000);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 2, settled: 1 });
    expect((await paymentsOf(declined.id)).attempts).toMatchObject([{ state: 'failed' }]);
    await w.fake.close();
    w.t.clock.advance(5 * 60_000);
    expect(await runPaymentInquiry(w.t.deps)).toEqual({ asked: 1, settled: 0 });
    expect((await paymentsOf(unanswered.id)).attempts).toMatchObject([{ state: 'pending' }]);
  });
});

describe('the payments read model', () => {
  it('equals a rebuild from the log after attempts, a payment, a failure and rejected notices', async () => {
    w = await paymentWorld();
    const paid = await placeCardOrder(w);
    const paidForm = await startPayment(w, paid);
    await postToHostedPage(paidForm);
    const fields = await w.fake.settle(paidForm.fields.pp_TxnRefNo!, 'paid', { notify: false });
    await postNotice(w, 'return', fields);
    await postNotice(w, 'ipn', { ...fields, pp_SecureHash: 'B'.repeat(64) });
    const declined = await placeCardOrder(w);
    const declinedForm = await startPayment(w, declined);
    await postToHostedPage(declinedForm);
    await postNotice(
      w,
      'ipn',
      await w.fake.settle(declinedForm.fields.pp_TxnRefNo!, 'declined', { notify: false }),
    );
    const before = readModelRows(w.t.deps.readModels);
    expect(before.payment_attempts).toHaveLength(2);
    expect(before.payment_notices).toHaveLength(1);
    await w.t.restart({ freshReadModels: true });
    await w.t.deps.projections.waitForPosition(await w.t.deps.store.headPosition(), 10_000);
    expect(readModelRows(w.t.deps.readModels)).toEqual(before);
  });
});
