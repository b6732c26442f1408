import type { ConfirmedByLink, Order } from '@shop/contracts';
import { expect } from 'vitest';
import { runConfirmationExpiry } from '../../slices/orders/cash-on-delivery/confirmation-expiry';
import { createProduct, placeOrderOk, setStatus } from '../../slices/orders/order-test-kit';
import {
  mailTest as it,
  TEST_PUBLIC_URL,
  testMailSettings,
  waitForCounts,
} from '../../test-support/mail-shop';
import type { SmtpInbox } from '../../test-support/smtp-inbox';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SHOP_ENV,
  type TestShop,
} from '../../test-support/test-shop';

let inbox: SmtpInbox;
let t: TestShop;
let admin: SignedInUser;

it.override('shopOptions', ({ inbox }) => ({
  mail: testMailSettings(inbox),
  env: { ...TEST_SHOP_ENV, COD_CONFIRMATION_WINDOW: '90s' },
}));
it.beforeEach(async ({ inbox: started, shop }) => {
  inbox = started;
  t = shop;
  admin = await signInAdmin(t);
});

const confirmLinkIn = (links: string[]) =>
  links.find((link) => link.startsWith(`${TEST_PUBLIC_URL}/confirm-order?token=`));

it('a COD order confirmation carries the link that confirms it signed out; a prepaid one has none', async () => {
  const shopper = await registerUser(t, { name: 'Ayesha' });
  const tee = await createProduct(t, admin, { countInStock: 10 });
  const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  const card = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 2);
  const mailOf = (o: Order) => inbox.to(shopper.email).find((m) => m.subject.includes(o.reference));
  const [cod, prepaid] = [mailOf(order), mailOf(card)];
  expect(cod!.subject).toBe(`Please confirm your order ${order.reference}`);
  expect(cod!.text).toContain(`Please confirm your order ${order.reference}: we send it once you confirm.`);
  expect(cod!.text).not.toContain('is confirmed');
  expect(prepaid!.subject).toBe(`Your order ${card.reference} awaits payment`);
  expect(cod!.text).toContain('please confirm your order before we send it');
  expect(confirmLinkIn(prepaid!.links)).toBeUndefined();
  const link = confirmLinkIn(cod!.links);
  expect(link).toBeDefined();
  expect(cod!.html).toContain('Confirm my order');
  const token = new URL(link!).searchParams.get('token')!;
  const confirmed = await t.request<ConfirmedByLink>('POST', '/api/orders/confirm', { body: { token } });
  expect([confirmed.status, confirmed.body.id, confirmed.body.confirmation.state]).toEqual([
    200,
    order.id,
    'confirmed',
  ]);
});

it('sends the reminder halfway with the link, and the expiry notice at the end, each once', async () => {
  const shopper = await registerUser(t, { name: 'Bilal' });
  const tee = await createProduct(t, admin, { countInStock: 10 });
  const order: Order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);
  t.clock.advance(46_000);
  await runConfirmationExpiry(t.deps);
  await runConfirmationExpiry(t.deps);
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 2);
  const reminder = inbox
    .to(shopper.email)
    .find((m) => m.subject === `Reminder: please confirm your order ${order.reference}`);
  expect(reminder!.text).toContain('is waiting for your confirmation');
  expect(reminder!.messageId).toMatch(/\.confirmation-reminder@shop\.example\.pk>$/);
  expect(confirmLinkIn(reminder!.links)).toBeDefined();

  t.clock.advance(45_000);
  await runConfirmationExpiry(t.deps);
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 3);
  await waitForCounts(t, admin, (counts) => counts.sent === 4 && counts.waiting === 0);
  const subjects = inbox.to(shopper.email).map((m) => m.subject);
  expect(subjects.sort()).toEqual(
    [
      `Reminder: please confirm your order ${order.reference}`,
      `Please confirm your order ${order.reference}`,
      `Your order ${order.reference} was cancelled`,
    ].sort(),
  );
  const expired = inbox.to(shopper.email).find((m) => m.subject.endsWith('was cancelled'));
  expect(expired!.text).toContain('was cancelled because it was not confirmed in time');
});

it('withdraws a reminder the shopper made needless by confirming before it could be sent', async () => {
  const shopper = await registerUser(t, { name: 'Sana' });
  const tee = await createProduct(t, admin, { countInStock: 10 });
  const order: Order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);

  // The mail server is down when the reminder falls due: it waits for a retry.
  await inbox.down();
  t.clock.advance(46_000);
  await runConfirmationExpiry(t.deps);
  await waitForCounts(t, admin, (counts) => counts.waiting === 1 && counts.lastRetry !== null);
  const confirmed = await t.request<Order>('POST', `/api/orders/${order.id}/confirm`, {
    token: shopper.token,
  });
  expect([confirmed.status, confirmed.body.confirmation.state]).toEqual([200, 'confirmed']);

  await inbox.up();
  t.clock.advance(31_000);
  const counts = await waitForCounts(t, admin, (c) => c.waiting === 0);
  // Sent: the verification link at registration and the order confirmation.
  expect([counts.sent, counts.withdrawn, counts.failed]).toEqual([2, 1, 0]);
  expect(inbox.to(shopper.email).map((m) => m.subject)).toHaveLength(1);
  expect(inbox.to(shopper.email)[0]!.subject).not.toContain('Reminder');
});

it('withdraws a reminder made needless by the shop dispatching the order unconfirmed meanwhile', async () => {
  const shopper = await registerUser(t, { name: 'Zara' });
  const tee = await createProduct(t, admin, { countInStock: 10 });
  const order: Order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
  await inbox.waitUntil(() => inbox.to(shopper.email).length === 1);

  await inbox.down();
  t.clock.advance(46_000);
  await runConfirmationExpiry(t.deps);
  await waitForCounts(t, admin, (counts) => counts.waiting === 1 && counts.lastRetry !== null);
  await setStatus(t, admin, order.id, 'Dispatched');

  await inbox.up();
  t.clock.advance(31_000);
  const counts = await waitForCounts(t, admin, (c) => c.waiting === 0);
  expect([counts.withdrawn, counts.failed]).toEqual([1, 0]);
  expect(inbox.to(shopper.email).some((m) => m.subject.startsWith('Reminder'))).toBe(false);
});
