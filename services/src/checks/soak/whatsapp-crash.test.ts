import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessagesStatus, Order } from '@shop/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderBody } from '../../slices/orders/order-test-kit';
import type { CloudApiServer } from '../../test-support/cloud-api-server';
import { killTwiceWhileSending, readyToOrder } from '../../test-support/crash-sends';
import { TEST_PUBLIC_URL } from '../../test-support/mail-shop';
import { ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';
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
  const { call, adminToken, product, shopper } = await readyToOrder(shop, ADMIN);
  const phone = (i: number) => `0300-12345${String(i).padStart(2, '0')}`;
  const orders: Order[] = [];
  await killTwiceWhileSending(shop, api, {
    total: ORDERS,
    async owe() {
      for (let i = 0; i < ORDERS; i++) {
        const body = orderBody([{ product, qty: 1 }]);
        body.shippingAddress.phone = phone(i);
        orders.push(await call<Order>('POST', '/api/orders', body, shopper.token));
      }
    },
    counts: async () =>
      (await call<MessagesStatus>('GET', '/api/admin/messages', undefined, adminToken)).channels.find(
        (channel) => channel.channel === 'whatsapp',
      )!,
  });
  expect(api.received.every((message) => message.template === 'order_confirmation_request')).toBe(true);
  expect(api.received.map((message) => message.body[1]).sort()).toEqual(
    orders.map((o) => o.reference).sort(),
  );
  expect(api.received.map((message) => message.to).sort()).toEqual(
    orders.map((_, i) => `92${phone(i).replace(/\D/g, '').slice(1)}`).sort(),
  );
  expect(api.requests).toBeGreaterThan(ORDERS); // the killed attempts reached the API too
}, 120_000);
