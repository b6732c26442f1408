import { describe, expect } from 'vitest';
import { createProduct, deliver, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { askToReturn, moveReturn, returnUntil } from '../../slices/returns/returns-test-kit';
import { TEST_PUBLIC_URL, waitForCounts } from '../../test-support/mail-shop';
import { registerUser } from '../../test-support/test-shop';
import { admin, inbox, it, t, useMailShop } from './mail-test-kit';

useMailShop();

describe('e-mail to a real SMTP server', () => {
  it('sends the order confirmation: ID, lines, total in PKR, how to pay, address, tracking link', async () => {
    const shopper = await registerUser(t, { name: 'Ayesha Khan' });
    const tee = await createProduct(t, admin, {
      name: 'Running Tee',
      price: 40,
      sizes: ['SM', 'MD'],
      stockBySize: { SM: 5, MD: 5 },
    });
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 2, size: 'MD' }], {
      paymentMethod: 'Card',
      shippingAddress: {
        fullName: 'Ayesha Khan',
        address: '<script>alert(1)</script> 1 Mall Road',
        city: 'Lahore',
        postalCode: '54000',
        country: 'Pakistan',
        phone: '0300-1234567',
      },
    });

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe(`Your order ${order.reference} awaits payment`);
    expect(mail!.from).toBe('"Apex Athletics" <orders@shop.example.pk>');
    expect(mail!.messageId).toMatch(/^<[\w-]+\.order-confirmation@shop\.example\.pk>$/);
    expect(mail!.text.split('\n')[4]).toBe(
      `Thank you for your order ${order.reference}. It awaits your payment of PKR 280.00: we ship it once the payment has arrived.`,
    );
    expect(mail!.text).not.toContain('is confirmed');
    expect(mail!.text).toContain('- Running Tee (size MD) x 2: PKR 80.00');
    expect(mail!.text).toContain('Total: PKR 280.00');
    expect(mail!.text).toContain('Please send PKR 280.00 to one of these accounts');
    expect(mail!.text).toContain('JazzCash: 0301-2345678');
    expect(mail!.text).toContain('Lahore 54000');
    expect(mail!.links).toContain(`${TEST_PUBLIC_URL}/track/${order.id}`);
    expect(mail!.text).toContain('Questions? Call 0301-2345678 or write to help@apex-athletics.pk.');
    // What the shopper typed is text in the HTML part, never markup.
    expect(mail!.html).toContain('Hello Ayesha Khan,');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 1 Mall Road');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain(`href="${TEST_PUBLIC_URL}/track/${order.id}"`);
    expect(mail!.html).toContain('PKR 280.00');

    expect(await waitForCounts(t, admin, (counts) => counts.sent === 2)).toMatchObject({
      delivery: 'smtp',
      // Two: the verification link at registration, then the confirmation.
      sent: 2,
      waiting: 0,
      failed: 0,
    });
  });

  it('tells the shopper when the order is dispatched, delivered or cancelled, with the tracking link', async () => {
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    const delivered = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const cancelled = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    await setStatus(t, admin, delivered.id, 'Paid');
    await setStatus(t, admin, delivered.id, 'Processing');
    await setStatus(t, admin, delivered.id, 'Dispatched');
    await setStatus(t, admin, delivered.id, 'Delivered');
    await setStatus(t, admin, cancelled.id, 'Cancelled');

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 5);
    await waitForCounts(t, admin, (counts) => counts.sent === 6 && counts.waiting === 0);
    const subjects = inbox.to(shopper.email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(
      [
        `Please confirm your order ${delivered.reference}`,
        `Please confirm your order ${cancelled.reference}`,
        `Your order ${delivered.reference} is on its way`,
        `Your order ${delivered.reference} has been delivered`,
        `Your order ${cancelled.reference} has been cancelled`,
      ].sort(),
    );
    const dispatched = inbox.to(shopper.email).find((mail) => mail.subject.endsWith('is on its way'))!;
    expect(dispatched.links).toContain(`${TEST_PUBLIC_URL}/track/${delivered.id}`);
    expect(dispatched.text).toContain('Running Tee (size SM) x 1');
  });

  it('walks a return through the API and tells the shopper at each step: asked for, approved, refunded; and a rejection', async () => {
    const shopper = await registerUser(t, { name: 'Hina' });
    const tee = await createProduct(t, admin, {
      name: 'Running Tee',
      price: 40,
      sizes: ['SM', 'MD'],
      stockBySize: { SM: 5, MD: 5 },
    });
    const order = await deliver(
      t,
      admin,
      (await placeOrderOk(t, shopper, [{ product: tee, qty: 3, size: 'MD' }])).id,
    );
    const orderLink = `${TEST_PUBLIC_URL}/order/${order.id}`;
    const ofReturns = () => inbox.to(shopper.email).filter((mail) => /return|refund/i.test(mail.subject));

    const asked = await askToReturn(t, shopper, order, [{ line: 0, qty: 2 }], 'Too <b>tight</b>');
    expect(asked.status).toBe(201);
    await inbox.waitUntil(() => ofReturns().length === 1);
    const [request] = ofReturns();
    expect(request!.subject).toBe(`We have your return request for order ${order.reference}`);
    expect(request!.messageId).toMatch(/^<[\w-]+\.return-requested@shop\.example\.pk>$/);
    expect(request!.text).toContain('- Running Tee (size MD) x 2: PKR 80.00');
    expect(request!.text).toContain('Your reason: Too <b>tight</b>\nAmount to be refunded: PKR 80.00');
    expect(request!.html).toContain('Too &lt;b&gt;tight&lt;/b&gt;');
    expect(request!.links).toContain(orderLink);
    expect(request!.html).toContain(`href="${orderLink}"`);

    await returnUntil(t, admin, asked.body.id, 'Approved');
    await inbox.waitUntil(() => ofReturns().length === 2);
    const approved = ofReturns()[1]!;
    expect(approved.subject).toBe(`Your return for order ${order.reference} is approved`);
    expect(approved.text).toContain(`write your order reference ${order.reference} on the parcel`);
    expect(approved.text).toContain('Amount to be refunded: PKR 80.00');
    expect(approved.links).toContain(orderLink);

    await returnUntil(t, admin, asked.body.id, 'Refunded', 'Approved');
    await inbox.waitUntil(() => ofReturns().length === 3);
    const refunded = ofReturns()[2]!;
    expect(refunded.subject).toBe(`We have refunded PKR 80.00 for order ${order.reference}`);
    expect(refunded.text).toContain('Amount refunded: PKR 80.00');
    expect(refunded.html).toContain('PKR 80.00');
    expect(refunded.links).toContain(orderLink);
    expect(refunded.text).toContain('Questions? Call 0301-2345678 or write to help@apex-athletics.pk.');

    const again = await askToReturn(t, shopper, order, [{ line: 0, qty: 1 }]);
    expect((await moveReturn(t, admin, again.body.id, 'Rejected')).status).toBe(200);
    await inbox.waitUntil(() => ofReturns().length === 5);
    expect(
      ofReturns()
        .slice(3)
        .map((mail) => mail.subject),
    ).toEqual([
      `We have your return request for order ${order.reference}`,
      `Your return for order ${order.reference} was not approved`,
    ]);
    expect(ofReturns()[4]!.links).toContain(orderLink);
    // Received owes no e-mail: the confirmation, two status e-mails and five after-sale ones.
    await waitForCounts(t, admin, (counts) => counts.sent === 9 && counts.waiting === 0);
    expect(inbox.to(shopper.email)).toHaveLength(8);
  });
});
