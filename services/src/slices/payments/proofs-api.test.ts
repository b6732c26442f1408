import { readdirSync } from 'node:fs';
import type {
  AdminPaymentProof,
  OrderPayments,
  OrderTracking,
  PaymentProofView,
  SalesReport,
  ShopInfo,
} from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { testMailSettings } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import { registerUser } from '../../test-support/test-shop';
import { placeOrderOk } from '../orders/order-test-kit';
import {
  orderEventTypes,
  orderOf,
  type PaymentWorld,
  paymentWorld,
  placeCardOrder,
  postNotice,
  postToHostedPage,
  screenshot,
  sendProof,
  startPayment,
} from './payment-test-kit';

let w: PaymentWorld;
let inbox: SmtpInbox | undefined;
afterEach(async () => {
  await w.close();
  await inbox?.down();
  inbox = undefined;
});

const adminProofs = async (state?: string) =>
  (
    await w.t.request<AdminPaymentProof[]>(
      'GET',
      `/api/admin/payment-proofs${state ? `?state=${state}` : ''}`,
      {
        token: w.admin.token,
      },
    )
  ).body;
const paymentsOf = async (orderId: string, user = w.ayesha) =>
  (await w.t.request<OrderPayments>('GET', `/api/orders/${orderId}/payments`, { token: user.token })).body;
const uploads = () => readdirSync(w.t.deps.uploadsDir);

describe('a proof of a manual transfer', () => {
  it('is listed for the admins beside the order amount; accepting it marks the order Paid', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const sent = await sendProof(w, order.id, {
      transactionId: ' TX-2024-778899 ',
      image: await screenshot(),
    });
    expect(sent.status).toBe(201);
    const proof = sent.body as unknown as PaymentProofView;
    expect(proof).toMatchObject({ transactionId: 'TX-2024-778899', state: 'submitted', amount: 1450 });
    expect(proof.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect((await w.t.request('GET', proof.image)).status).toBe(200);
    expect(await paymentsOf(order.id)).toMatchObject({ canSendProof: false, canPayOnline: true });

    const listed = await adminProofs('submitted');
    expect(listed).toMatchObject([
      {
        id: proof.id,
        reference: order.reference,
        customerName: 'Ayesha',
        orderTotal: 1450,
        amount: 1450,
        orderStatus: 'Pending',
        usedOnOtherOrders: [],
      },
    ]);
    const accepted = await w.t.request<AdminPaymentProof>(
      'POST',
      `/api/admin/payment-proofs/${proof.id}/accept`,
      {
        token: w.admin.token,
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'accepted', orderStatus: 'Paid' });
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Paid', isPaid: true });
    expect(await paymentsOf(order.id)).toMatchObject({
      canSendProof: false,
      canPayOnline: false,
      proofs: [{ state: 'accepted' }],
    });
    const again = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/accept`, {
      token: w.admin.token,
    });
    expect(again.status).toBe(200);
    expect(await orderEventTypes(w, order.id)).toEqual([
      'OrderPlaced',
      'PaymentProofSubmitted',
      'PaymentProofAccepted',
      'StatusChanged',
    ]);
    const reject = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/reject`, {
      token: w.admin.token,
      body: { reason: 'Not found in the statement' },
    });
    expect(reject.status).toBe(409);
    expect(await adminProofs('submitted')).toEqual([]);
  });

  it('rejected, tells the shopper why by e-mail and on her order page; she can send another', async () => {
    inbox = await SmtpInbox.start();
    w = await paymentWorld({}, { mail: testMailSettings(inbox) });
    const order = await placeCardOrder(w);
    const proof = (await sendProof(w, order.id, { transactionId: 'TX778899', image: await screenshot() }))
      .body as unknown as PaymentProofView;
    const noReason = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/reject`, {
      token: w.admin.token,
      body: {},
    });
    expect(noReason.status).toBe(400);
    const rejected = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/reject`, {
      token: w.admin.token,
      body: { reason: 'No transfer with this ID reached our account' },
    });
    expect(rejected.status).toBe(200);
    expect(await paymentsOf(order.id)).toMatchObject({
      canSendProof: true,
      proofs: [{ state: 'rejected', reason: 'No transfer with this ID reached our account' }],
    });
    expect(await orderOf(w, order.id)).toMatchObject({ status: 'Pending', isPaid: false });
    const tracking = await w.t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: w.ayesha.token,
    });
    expect(tracking.body.timeline.slice(1, 3).map((step) => [step.label, step.description])).toEqual([
      ['Proof of Payment Sent', 'We are checking your transfer'],
      [
        'Proof Not Accepted',
        'We could not confirm your transfer: No transfer with this ID reached our account',
      ],
    ]);
    const subject = `We could not confirm your payment for order ${order.reference}`;
    await inbox.waitUntil(() => inbox!.to(w.ayesha.email).some((m) => m.subject === subject));
    const mail = inbox.to(w.ayesha.email).find((m) => m.subject === subject)!;
    expect(mail.text).toContain('Why: No transfer with this ID reached our account');
    expect(mail.text).toContain('TX778899');
    expect(mail.links).toContain(`https://shop.example.pk/order/${order.id}`);
    const accept = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/accept`, {
      token: w.admin.token,
    });
    expect(accept.status).toBe(409);
    const second = await sendProof(w, order.id, { transactionId: 'TX778900', image: await screenshot() });
    expect(second.status).toBe(201);
  });

  it('flags a transaction ID already used on another order, however it is spelled', async () => {
    w = await paymentWorld();
    const first = await placeCardOrder(w);
    const sana = await registerUser(w.t, { name: 'Sana' });
    const second = await placeCardOrder(w, sana);
    expect(
      (await sendProof(w, first.id, { transactionId: 'tx-556677', image: await screenshot() })).status,
    ).toBe(201);
    expect(
      (await sendProof(w, second.id, { transactionId: 'TX 556677', image: await screenshot() }, sana)).status,
    ).toBe(201);
    const listed = await adminProofs();
    const byOrder = new Map(listed.map((p) => [p.orderId, p.usedOnOtherOrders]));
    expect(byOrder.get(second.id)).toEqual([first.reference]);
    expect(byOrder.get(first.id)).toEqual([second.reference]);
    // The shopper is not told about someone else's order.
    expect((await paymentsOf(second.id, sana)).proofs[0]!.usedOnOtherOrders).toEqual([]);
  });

  it("is 401 signed out, 404 on someone else's order, 403 to decide for a shopper, 404 for an unknown proof", async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const sana = await registerUser(w.t, { name: 'Sana' });
    const image = await screenshot();
    const form = new FormData();
    form.set('transactionId', 'TX123456');
    form.set('image', image, 'a.png');
    expect((await w.t.request('POST', `/api/orders/${order.id}/payment-proof`, { body: form })).status).toBe(
      401,
    );
    expect((await sendProof(w, order.id, { transactionId: 'TX123456', image }, sana)).status).toBe(404);
    expect((await w.t.request('GET', `/api/orders/${order.id}/payments`, { token: sana.token })).status).toBe(
      404,
    );
    const proof = (await sendProof(w, order.id, { transactionId: 'TX123456', image }))
      .body as unknown as PaymentProofView;
    const asShopper = await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/accept`, {
      token: w.ayesha.token,
    });
    expect(asShopper.status).toBe(403);
    expect((await w.t.request('GET', '/api/admin/payment-proofs', { token: sana.token })).status).toBe(403);
    const unknown = await w.t.request('POST', '/api/admin/payment-proofs/no-such-proof/accept', {
      token: w.admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(await orderOf(w, order.id)).toMatchObject({ isPaid: false });
    // The admin sees the owner's proofs through the same call.
    expect((await paymentsOf(order.id, w.admin)).proofs).toHaveLength(1);
  });

  it('refuses a bad transaction ID, a file that is not an image, a second proof while one waits, and COD', async () => {
    w = await paymentWorld();
    const order = await placeCardOrder(w);
    const before = uploads().length;
    const noId = await sendProof(w, order.id, { image: await screenshot() });
    expect([noId.status, noId.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badId = await sendProof(w, order.id, { transactionId: '<script>', image: await screenshot() });
    expect(badId.status).toBe(400);
    const noImage = await sendProof(w, order.id, { transactionId: 'TX123456' });
    expect(noImage.status).toBe(400);
    const text = new Blob(['not a picture'], { type: 'image/png' });
    expect((await sendProof(w, order.id, { transactionId: 'TX123456', image: text })).status).toBe(415);
    expect(uploads().length).toBe(before);
    expect(
      (await sendProof(w, order.id, { transactionId: 'TX123456', image: await screenshot() })).status,
    ).toBe(201);
    const afterFirst = uploads().length;
    const waiting = await sendProof(w, order.id, { transactionId: 'TX999999', image: await screenshot() });
    expect(waiting.status).toBe(409);
    expect(uploads().length).toBe(afterFirst);
    const cod = await placeOrderOk(w.t, w.ayesha, [{ product: w.tee, qty: 1 }]);
    const codProof = await sendProof(w, cod.id, { transactionId: 'TX123457', image: await screenshot() });
    expect(codProof.status).toBe(409);
    expect(await orderEventTypes(w, order.id)).toEqual(['OrderPlaced', 'PaymentProofSubmitted']);
  });
});

describe('sales by how they were paid', () => {
  it('split JazzCash online, manual transfers and cash on delivery', async () => {
    w = await paymentWorld();
    const online = await placeCardOrder(w);
    const form = await startPayment(w, online);
    await postToHostedPage(form);
    await postNotice(w, 'ipn', await w.fake.settle(form.fields.pp_TxnRefNo!, 'paid', { notify: false }));
    const transfer = await placeCardOrder(w);
    const proof = (await sendProof(w, transfer.id, { transactionId: 'TX445566', image: await screenshot() }))
      .body as unknown as PaymentProofView;
    await w.t.request('POST', `/api/admin/payment-proofs/${proof.id}/accept`, { token: w.admin.token });
    await placeOrderOk(w.t, w.ayesha, [{ product: w.tee, qty: 2 }]);
    const report = await w.t.request<SalesReport>(
      'GET',
      '/api/admin/reports/sales?from=2024-05-01&to=2024-05-31&by=paymentMethod',
      { token: w.admin.token },
    );
    expect(report.status).toBe(200);
    const rows = Object.fromEntries(report.body.rows.map((row) => [row.label, [row.orders, row.gross]]));
    expect(rows).toEqual({
      'JazzCash online': [1, 1250],
      'Manual transfer': [1, 1250],
      'Cash on delivery': [1, 2500],
    });
    expect(report.body.total).toMatchObject({ orders: 3, gross: 5000 });
  });
});

describe('a shop that takes JazzCash and no transfers', () => {
  it('offers paying before delivery at checkout, online only: no proof is taken', async () => {
    w = await paymentWorld({ PAYMENT_ACCOUNT_TITLE: '', JAZZCASH_NUMBER: '', BANK_IBAN: '' });
    const shop = (await w.t.request<ShopInfo>('GET', '/api/shop')).body;
    expect(shop.paymentMethods.map((m) => m.method)).toEqual(['COD', 'Card']);
    expect(shop.onlinePayments).toEqual({ jazzCash: true });
    const order = await placeCardOrder(w);
    expect(await paymentsOf(order.id)).toMatchObject({ canPayOnline: true, canSendProof: false });
    const refused = await sendProof(w, order.id, { transactionId: 'TX123456', image: await screenshot() });
    expect(refused.status).toBe(409);
  });
});
