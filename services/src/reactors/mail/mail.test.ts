import { type EventData, streams, uuidv7 } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestIdOfResetToken } from '../../slices/accounts/reset-token';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import { TEST_PUBLIC_URL, testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
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
    const shopper = await registerUser(t, { name: 'Ayesha <b>Khan</b> & Co' });
    const tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, sizes: ['SM', 'MD'] });
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
    expect(mail!.subject).toBe(`Your order ${order.id} is confirmed`);
    expect(mail!.from).toBe('"Apex Athletics" <orders@shop.example.pk>');
    expect(mail!.messageId).toMatch(/^<[\w-]+\.order-confirmation@shop\.example\.pk>$/);
    expect(mail!.text).toContain(`Your order ID is ${order.id}`);
    expect(mail!.text).toContain('- Running Tee (size MD) x 2: PKR 80.00');
    expect(mail!.text).toContain('Total: PKR 280.00');
    expect(mail!.text).toContain('Please send PKR 280.00 to one of these accounts');
    expect(mail!.text).toContain('JazzCash: 0301-2345678');
    expect(mail!.text).toContain('Lahore 54000');
    expect(mail!.links).toContain(`${TEST_PUBLIC_URL}/track/${order.id}`);
    expect(mail!.text).toContain('Questions? Call 0301-2345678 or write to help@apex-athletics.pk.');
    // What the shopper typed is text in the HTML part, never markup.
    expect(mail!.html).toContain('Hello Ayesha &lt;b&gt;Khan&lt;/b&gt; &amp; Co,');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 1 Mall Road');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain(`href="${TEST_PUBLIC_URL}/track/${order.id}"`);
    expect(mail!.html).toContain('PKR 280.00');

    expect(await waitForCounts(t, admin, (counts) => counts.sent === 1)).toMatchObject({
      delivery: 'smtp',
      sent: 1,
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
    await waitForCounts(t, admin, (counts) => counts.sent === 5 && counts.waiting === 0);
    const subjects = inbox.to(shopper.email).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(
      [
        `Your order ${delivered.id} is confirmed`,
        `Your order ${cancelled.id} is confirmed`,
        `Your order ${delivered.id} is on its way`,
        `Your order ${delivered.id} has been delivered`,
        `Your order ${cancelled.id} has been cancelled`,
      ].sort(),
    );
    const dispatched = inbox.to(shopper.email).find((mail) => mail.subject.endsWith('is on its way'))!;
    expect(dispatched.links).toContain(`${TEST_PUBLIC_URL}/track/${delivered.id}`);
    expect(dispatched.text).toContain('Running Tee (size SM) x 1');
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

  it('marks a message the server refuses for good as failed, with the reason, and does not retry it', async () => {
    const shopper = await registerUser(t, { email: 'nobody@refused.example.pk' });
    const tee = await createProduct(t, admin);
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);

    const counts = await waitForCounts(t, admin, (c) => c.failed === 1);
    expect(counts).toMatchObject({ sent: 0, waiting: 0, failed: 1 });
    expect(counts.lastFailure).toMatchObject({ kind: 'order-confirmation' });
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
    await inbox.down();

    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    expect(order.id).toBeTruthy();
    const waiting = await waitForCounts(t, admin, (c) => c.waiting === 1 && c.sent === 0);
    expect(waiting.oldestWaitingSince).toBe(t.clock.now().toISOString());
    const [placed] = await t.deps.store.readStream(streams.order(order.id), { maxCount: 1 });
    const stream = streams.outbox('email', 'order-confirmation', placed!.id);
    await expectEventually(async () =>
      (await t.deps.store.readStream(stream)).some((event) => event.type === 'MessageDeferred'),
    );

    await inbox.up();
    t.clock.advance(30_000);
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
    await waitForCounts(t, admin, (c) => c.sent === 1 && c.waiting === 0);
    t.clock.advance(10 * 60_000);
    await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    await inbox.waitUntil(() => inbox.to(shopper.email).length === 2);
    expect(inbox.to(shopper.email).filter((mail) => mail.subject.includes(order.id))).toHaveLength(1);
  });

  it('gives a message up, as failed, when the server stays down for longer than the outbox keeps trying', async () => {
    const shopper = await registerUser(t);
    const tee = await createProduct(t, admin);
    await inbox.down();
    await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    await expectEventually(async () =>
      (await t.deps.store.readAll()).some((event) => event.type === 'MessageDeferred'),
    );

    t.clock.advance(24 * 60 * 60_000);
    const counts = await waitForCounts(t, admin, (c) => c.failed === 1);
    expect(counts).toMatchObject({ waiting: 0, sent: 0 });
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
