import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessagesStatus, Order } from '@shop/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  const api = async <Body>(method: string, path: string, body?: unknown, token?: string): Promise<Body> => {
    const response = await fetch(`${shop.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Body;
  };
  const admin = (await api<{ token: string }>('POST', '/api/auth/login', ADMIN)).token;
  const product = await api<{ id: string }>(
    'POST',
    '/api/products',
    {
      name: 'Crash Tee',
      description: 'Sent once.',
      category: 'Shirts',
      price: 120,
      image: '/images/airlift-high-support-bra.webp',
      sizes: [],
      countInStock: 100,
    },
    admin,
  );
  const shopper = await api<{ token: string; email: string }>('POST', '/api/auth/register', {
    name: 'Crash Shopper',
    email: `crash-${randomUUID()}@example.pk`,
    contact: '0300-1234567',
    password: 'crash shopper password',
  });
  const placeOrder = () =>
    api<Order>(
      'POST',
      '/api/orders',
      {
        orderItems: [{ product: product.id, qty: 1, price: 120, size: '' }],
        shippingAddress: {
          address: '1 Mall Road',
          city: 'Lahore',
          postalCode: '54000',
          country: 'Pakistan',
          phone: '0300-1234567',
        },
        paymentMethod: 'COD',
        itemsPrice: 120,
        shippingPrice: 200,
        totalPrice: 320,
      },
      shopper.token,
    );
  const counts = async () =>
    (await api<MessagesStatus>('GET', '/api/admin/messages', undefined, admin)).channels[0]!;
  const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${shop.recentOutput()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // Orders are placed while the SMTP server holds every recipient: each confirmation is owed, a few
  // are leased and mid-conversation. Kill.
  inbox.holdRecipients();
  const orders: Order[] = [];
  for (let i = 0; i < ORDERS; i++) orders.push(await placeOrder());
  await until(() => inbox.held >= 2, 'messages are in the middle of being sent');
  await shop.kill();
  expect(inbox.received).toHaveLength(0);

  // Restarted: three get through and are recorded sent, the next ones are held mid-conversation. Kill.
  await shop.start();
  inbox.letThrough(3);
  await until(() => inbox.received.length === 3 && inbox.held >= 1, 'three are sent and more are being sent');
  await until(async () => (await counts()).sent === 3, 'the shop has recorded the three as sent');
  await shop.kill();

  // Restarted with the gate open: the rest arrive, and nothing twice.
  inbox.openGate();
  await shop.start();
  await until(async () => {
    const now = await counts();
    return now.sent === ORDERS && now.waiting === 0;
  }, 'every message is recorded sent');
  expect(inbox.received.map((mail) => mail.subject).sort()).toEqual(
    orders.map((order) => `Your order ${order.reference} is confirmed`).sort(),
  );
  expect(new Set(inbox.received.map((mail) => mail.messageId)).size).toBe(ORDERS);
}, 120_000);
