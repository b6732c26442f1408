import { readdirSync, readFileSync } from 'node:fs';
import type { EventStore } from '@shop/contracts';
import { simpleParser } from 'mailparser';
import { afterEach, expect, it } from 'vitest';
import { outboxFolder } from '../../platform/config/mail-settings';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { createProduct, placeOrderOk } from '../../slices/orders/order-test-kit';
import { testMailSettings, waitForCounts } from '../../test-support/mail-shop';
import { SmtpInbox } from '../../test-support/smtp-inbox';
import { openTestShop, registerUser, signIn, signInAdmin, type TestShop } from '../../test-support/test-shop';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('two shop instances on one log, each with its own read models, send every message once', async () => {
  const inbox = await SmtpInbox.start();
  cleanup.push(() => inbox.down());
  let shared: EventStore | undefined;
  const a = await openTestShop({
    mail: testMailSettings(inbox),
    openStore: (dataDir) => {
      shared = openSqliteEventStore({ path: `${dataDir}/events.sqlite`, durability: 'relaxed' });
      return shared;
    },
  });
  cleanup.push(() => a.close());
  const log = shared!;
  // The second instance shares the first one's store, which the first one closes.
  const b = await openTestShop({
    mail: testMailSettings(inbox),
    openStore: () => ({
      append: (stream, events, options) => log.append(stream, events, options),
      readStream: (stream, options) => log.readStream(stream, options),
      readAll: (options) => log.readAll(options),
      subscribeToAll: (options) => log.subscribeToAll(options),
      headPosition: () => log.headPosition(),
      countAfter: (position, limit) => log.countAfter(position, limit),
      close: async () => {},
    }),
  });
  cleanup.push(() => b.close());

  const admin = await signInAdmin(a);
  const shopper = await registerUser(a);
  const tee = await createProduct(a, admin, { countInStock: 50 });
  await b.deps.projections.waitForPosition(await log.headPosition(), 5_000);
  const onB = { ...shopper, ...(await signIn(b, shopper.email, shopper.password)) };
  const orders = [];
  for (let i = 0; i < 6; i++)
    orders.push(await placeOrderOk(i % 2 ? b : a, i % 2 ? onB : shopper, [{ product: tee, qty: 1 }]));

  // Seven: the shopper's verification link, then the six confirmations.
  await inbox.waitForCount(7);
  await waitForCounts(a, admin, (c) => c.sent === 7 && c.waiting === 0);
  await waitForCounts(b, await signInAdmin(b), (c) => c.sent === 7 && c.waiting === 0);
  expect(
    inbox
      .to(shopper.email)
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual(orders.map((order) => `Please confirm your order ${order.reference}`).sort());
  expect(new Set(inbox.received.map((mail) => mail.messageId)).size).toBe(7);
});

it('without SMTP_URL writes each message as an .eml file in DATA_DIR/outbox', async () => {
  const t: TestShop = await openTestShop({ mail: testMailSettings(undefined) });
  cleanup.push(() => t.close());
  const admin = await signInAdmin(t);
  const shopper = await registerUser(t);
  const order = await placeOrderOk(t, shopper, [{ product: await createProduct(t, admin), qty: 1 }]);

  expect(await waitForCounts(t, admin, (c) => c.sent === 2)).toMatchObject({
    delivery: 'folder',
    waiting: 0,
  });
  const files = readdirSync(outboxFolder(t.dataDir));
  expect(files.sort()).toEqual([
    expect.stringMatching(/^[\w-]+\.email-verification\.eml$/),
    expect.stringMatching(/^[\w-]+\.order-confirmation\.eml$/),
  ]);
  const confirmation = files.find((name) => name.endsWith('.order-confirmation.eml'));
  const mail = await simpleParser(readFileSync(`${outboxFolder(t.dataDir)}/${confirmation}`));
  expect(mail.subject).toBe(`Please confirm your order ${order.reference}`);
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(shopper.email);
  expect(mail.text).toContain(`https://shop.example.pk/track/${order.id}`);
  expect(mail.html).toContain('<strong>Apex Athletics</strong>');
});
