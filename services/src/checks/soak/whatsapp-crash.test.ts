import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelMessages, MessagesStatus, Order, Product } from '@shop/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBody } from '../../slices/orders/order-test-kit';
import type { CloudApiServer } from '../../test-support/cloud-api-server';
import { TEST_PUBLIC_URL } from '../../test-support/mail-shop';
import { callShop, ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';
import { startCloudApi, whatsAppEnv } from '../../test-support/whatsapp-shop';

// The built server, SIGKILLed twice while WhatsApp messages are owed and in flight to a local Cloud
// API, then restarted: every confirmation request arrives, none twice. The API holds requests
// unanswered, so each kill lands while requests are in the air (never in the instant between the
// API's acceptance and the shop's record of it, which no sender can close).

const ADMIN = { email: 'whatsapp-crash-admin@example.pk', password: 'whatsapp crash admin password' };
const ORDERS = 10;

let dataDir: string;
let api: CloudApiServer;
let shop: ShopProcess;

beforeAll(async () => {
  ensureBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-whatsapp-crash-'));
  api = await startCloudApi();
  shop = new ShopProcess({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    JWT_SECRET: 'whatsapp-crash-signing-secret-of-32-characters',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...whatsAppEnv(api),
  });
}, 180_000);

afterAll(async () => {
  await shop?.kill();
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('delivers every owed WhatsApp message once across SIGKILLs in the middle of sending', async () => {
  await shop.start();
  const call = async <Body>(method: string, path: string, body?: unknown, token?: string) => {
    const answer = await callShop<Body>(shop, method, path, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
    });
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const admin = (await call<{ token: string }>('POST', '/api/auth/login', ADMIN)).token;
  const product = await call<Product>(
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
  const shopper = await call<{ token: string }>('POST', '/api/auth/register', {
    name: 'Crash Shopper',
    email: `whatsapp-crash-${randomUUID()}@example.pk`,
    contact: '0300-1234567',
    password: 'crash shopper password',
  });
  const phone = (i: number) => `0300-12345${String(i).padStart(2, '0')}`;
  const counts = async () =>
    (await call<MessagesStatus>('GET', '/api/admin/messages', undefined, admin)).channels.find(
      (channel) => channel.channel === 'whatsapp',
    ) as ChannelMessages;
  const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${shop.recentOutput()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  // COD orders are placed while the API holds every request: each confirmation request is owed, a
  // few are leased and in flight. Kill.
  api.hold();
  const orders: Order[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const body = orderBody([{ product, qty: 1 }]);
    body.shippingAddress.phone = phone(i);
    orders.push(await call<Order>('POST', '/api/orders', body, shopper.token));
  }
  await until(() => api.held >= 2, 'messages are in flight');
  await shop.kill();
  expect(api.received).toHaveLength(0);

  // Restarted: three get through and are recorded sent, the next ones are held in flight. Kill.
  await shop.start();
  api.letThrough(3);
  await until(() => api.received.length === 3 && api.held >= 1, 'three are sent and more are in flight');
  await until(async () => (await counts()).sent === 3, 'the shop has recorded the three as sent');
  await shop.kill();

  // Restarted with the gate open: the rest arrive, and nothing twice.
  api.openGate();
  await shop.start();
  await until(async () => {
    const now = await counts();
    return now.sent === ORDERS && now.waiting === 0;
  }, 'every message is recorded sent');
  expect(api.received.every((message) => message.template === 'order_confirmation_request')).toBe(true);
  expect(api.received.map((message) => message.body[1]).sort()).toEqual(
    orders.map((o) => o.reference).sort(),
  );
  expect(api.received.map((message) => message.to).sort()).toEqual(
    orders.map((_, i) => `92${phone(i).replace(/\D/g, '').slice(1)}`).sort(),
  );
  expect(api.requests).toBeGreaterThan(ORDERS); // the killed attempts reached the API too
}, 120_000);
