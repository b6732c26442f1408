import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessagesStatus, Order } from '@shop/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBody } from '../../slices/orders/order-test-kit';
import { killTwiceWhileSending, readyToOrder, verifyFromInbox } from '../../test-support/crash-sends';
import { ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';
import { SmtpInbox } from '../../test-support/smtp-inbox';

// The built server, SIGKILLed twice while e-mails are owed and in the middle of being sent to a real
// SMTP server, then restarted: every owed message arrives, none twice. The test SMTP server holds
// recipients at a gate, so each kill lands while messages are mid-conversation (never in the instant
// between the server's acceptance and the shop's record of it, which only a Message-ID can cover).

const ADMIN = { email: 'mail-crash-admin@example.pk', password: 'mail crash admin password' };
const ORDERS = 10;

let dataDir: string;
let inbox: SmtpInbox;
let shop: ShopProcess;

beforeAll(async () => {
  ensureBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-mail-crash-'));
  inbox = await SmtpInbox.start();
  shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    JWT_SECRET: 'mail-crash-signing-secret-of-32-characters-or-more',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Apex Athletics <orders@shop.example.pk>',
    PUBLIC_URL: 'https://shop.example.pk',
  });
}, 180_000);

afterAll(async () => {
  await shop?.kill();
  await inbox?.down();
  rmSync(dataDir, { recursive: true, force: true });
});

it('delivers every owed e-mail once across SIGKILLs in the middle of sending', async () => {
  await shop.start();
  const { call, adminToken, product, shopper } = await readyToOrder(shop, ADMIN);
  await verifyFromInbox(shop, inbox, shopper.email);
  const orders: Order[] = [];
  await killTwiceWhileSending(shop, inbox, {
    total: ORDERS,
    async owe() {
      for (let i = 0; i < ORDERS; i++) {
        orders.push(
          await call<Order>('POST', '/api/orders', orderBody([{ product, qty: 1 }]), shopper.token),
        );
      }
    },
    counts: async () =>
      (await call<MessagesStatus>('GET', '/api/admin/messages', undefined, adminToken)).channels[0]!,
  });
  expect(
    inbox
      .to(shopper.email)
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual(orders.map((order) => `Please confirm your order ${order.reference}`).sort());
  expect(new Set(inbox.to(shopper.email).map((mail) => mail.messageId)).size).toBe(ORDERS);
}, 120_000);
