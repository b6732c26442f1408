import { type ErrorBody, type EventData, streams, uuidv7 } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../slices/accounts/auth';
import { RESET_LINK } from '../../slices/accounts/decide';
import { requestIdOfResetToken } from '../../slices/accounts/reset-token';
import { PASSWORD_RESET } from '../../slices/accounts/routes';
import { createProduct, deliver, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { askToReturn, moveReturn, returnUntil } from '../../slices/returns/returns-test-kit';
import { TEST_PUBLIC_URL, testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signIn,
  signInAdmin,
  TEST_SIGNING_SECRET,
  type TestShop,
} from '../../test-support/test-shop';

let inbox: SmtpInbox;
let t: TestShop;
let admin: SignedInUser;

beforeEach(async () => {
  inbox = await SmtpInbox.start({ refuse: (address) => address.endsWith('@refused.example.pk') });
  t = await openTestShop({ mail: testMailSettings(inbox) });
  admin = await signInAdmin(t);
});

afterEach(async () => {
  await t.close();
  await inbox.down();
});

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
    expect(mail!.subject).toBe(`Your order ${order.reference} is confirmed`);
    expect(mail!.from).toBe('"Apex Athletics" <orders@shop.example.pk>');
    expect(mail!.messageId).toMatch(/^<[\w-]+\.order-confirmation@shop\.example\.pk>$/);
    expect(mail!.text).toContain(`Your order ID is ${order.reference}`);
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

    // Two: the verification link at registration, then the confirmation.
    expect(await waitForCounts(t, admin, (counts) => counts.sent === 2)).toMatchObject({
      delivery: 'smtp',
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
        `Your order ${delivered.reference} is confirmed`,
        `Your order ${cancelled.reference} is confirmed`,
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

  it('sends the password reset link, whose token names the request', async () => {
    const shopper = await registerUser(t, { name: 'Bilal' });
    const requestId = uuidv7();
    const data: EventData<'PasswordResetRequested'> = {
      userId: shopper.id,
      requestId,
      email: shopper.email,
      expiresAt: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
      at: t.clock.now().toISOString(),
    };
    await t.deps.store.append(`password-reset-${requestId}`, [{ type: 'PasswordResetRequested', data }]);

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe('Reset your Apex Athletics password');
    expect(mail!.text).toContain('Hello Bilal,');
    expect(mail!.text).toContain('before 2 May 2024 at 2:00 pm (Pakistan time)');
    const link = mail!.links.find((href) => href.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`));
    const token = new URL(link!).searchParams.get('token')!;
    expect(requestIdOfResetToken(new TextEncoder().encode(TEST_SIGNING_SECRET), token)).toBe(requestId);
    expect(mail!.html).toContain(`href="${link}"`);
  });

  it('resets a password with the link from the e-mail: the new password signs in; the old one, the old sessions and the link again are refused', async () => {
    const shopper = await registerUser(t, { name: 'Maryam', password: 'her old password' });
    const laptop = await signIn(t, shopper.email, 'her old password');
    const login = (password: string) =>
      t.request<ErrorBody>('POST', '/api/auth/login', { body: { email: shopper.email, password } });

    const asked = await t.request('POST', '/api/auth/forgot-password', { body: { email: shopper.email } });
    expect(asked.status).toBe(202);

    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    const [mail] = inbox.to(shopper.email);
    expect(mail!.subject).toBe('Reset your Apex Athletics password');
    const links = mail!.links.filter((href) => href.startsWith(`${TEST_PUBLIC_URL}/reset-password?`));
    expect(links).toHaveLength(1);
    const token = new URL(links[0]!).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = (password: string) =>
      t.request<{ message: string } & ErrorBody>('POST', '/api/auth/reset-password', {
        body: { token, password },
      });
    const done = await reset('her brand new password');
    expect([done.status, done.body.message]).toEqual([200, PASSWORD_RESET]);

    // signIn fails unless the shop answers 200; the new session reads the shopper's own profile.
    const fresh = await signIn(t, shopper.email, 'her brand new password');
    const profile = await t.request('GET', '/api/users/profile', { token: fresh.token });
    expect([profile.status, profile.body.email, profile.body.name]).toEqual([200, shopper.email, 'Maryam']);

    const old = await login('her old password');
    expect(old.status).toBe(401);

    // The session from registration and one signed in on another device before the reset both ended.
    for (const before of [shopper.token, laptop.token]) {
      const read = await t.request<ErrorBody>('GET', '/api/users/profile', { token: before });
      expect([read.status, read.body.message]).toEqual([401, SESSION_ENDED]);
    }

    const again = await reset('yet another password');
    expect([again.status, again.body.message]).toEqual([400, RESET_LINK.used]);
    expect((await login('yet another password')).status).toBe(401);
    expect((await login('her brand new password')).status).toBe(200);
    expect(inbox.to(shopper.email)).toHaveLength(1);
  });

  it('marks a message the server refuses for good as failed, with the reason, and does not retry it', async () => {
    const shopper = await registerUser(t, { email: 'nobody@refused.example.pk' });
    const tee = await createProduct(t, admin);
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);

    // The verification link was refused as well, before the confirmation.
    const counts = await waitForCounts(t, admin, (c) => c.failed === 2);
    expect(counts).toMatchObject({ sent: 0, waiting: 0, failed: 2 });
    expect(counts.lastFailure!.reason).toMatch(/^550 .*No such user here/);

    // Much later, still one attempt: a refusal for good is not retried.
    t.clock.advance(60 * 60_000);
    const other = await registerUser(t);
    await placeOrderOk(t, other, [{ product: tee, qty: 1 }]);
    await inbox.waitUntil(() => inbox.to(other.email).length === 1);
    const [placed] = await t.deps.store.readStream(streams.order(order.id), { maxCount: 1 });
    const outbox = await t.deps.store.readStream(streams.outbox('email', 'order-confirmation', placed!.id));
    expect(outbox.map((event) => event.type)).toEqual(['MessageOwed', 'MessageSendStarted', 'MessageFailed']);
    expect(inbox.to(shopper.email)).toEqual([]);
  });

  it('keeps taking orders while the SMTP server is down, and sends the confirmation once it is back', async () => {
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    await inbox.waitUntil(() => inbox.addressLinksTo(shopper.email).length === 1);
    await inbox.down();

    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    expect(order.id).toBeTruthy();
    const waiting = await waitForCounts(t, admin, (c) => c.waiting === 1 && c.sent === 1);
    expect(waiting.oldestWaitingSince).toBe(t.clock.now().toISOString());
    const [placed] = await t.deps.store.readStream(streams.order(order.id), { maxCount: 1 });
    const stream = streams.outbox('email', 'order-confirmation', placed!.id);
    await expectEventually(async () =>
      (await t.deps.store.readStream(stream)).some((event) => event.type === 'MessageDeferred'),
    );

    await inbox.up();
    t.clock.advance(30_000);
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    await waitForCounts(t, admin, (c) => c.sent === 2 && c.waiting === 0);
    t.clock.advance(10 * 60_000);
    await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 2);
    expect(inbox.to(shopper.email).filter((mail) => mail.subject.includes(order.reference))).toHaveLength(1);
  });

  it('gives a message up, as failed, when the server stays down for longer than the outbox keeps trying', async () => {
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    await inbox.waitUntil(() => inbox.addressLinksTo(shopper.email).length === 1);
    await inbox.down();
    await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    await expectEventually(async () =>
      (await t.deps.store.readAll()).some((event) => event.type === 'MessageDeferred'),
    );

    t.clock.advance(24 * 60 * 60_000);
    const counts = await waitForCounts(t, admin, (c) => c.failed === 1);
    expect(counts).toMatchObject({ waiting: 0, sent: 1 });
    expect(counts.lastFailure!.reason).toMatch(/^Given up after 1 attempt: .*ECONNREFUSED/);
  });
});

async function expectEventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
