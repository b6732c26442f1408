import { streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { createProduct, placeOrderOk } from '../../slices/orders/order-test-kit';
import { waitForCounts } from '../../test-support/mail-shop';
import { registerUser } from '../../test-support/test-shop';
import { admin, expectEventually, inbox, it, t, useMailShop } from './mail-test-kit';

useMailShop();

describe('e-mail to a real SMTP server', () => {
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
