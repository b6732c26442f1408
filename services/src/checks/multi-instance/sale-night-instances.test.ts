import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SHIPPING, fromMinor, type Product, shippingFor, toMinor } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test-support/postgres';
import { callShop, ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';

// Sale night across three real shop processes (the built server) sharing one PostgreSQL log: buyers
// of one product on different instances do race each other to its stream; the retries with backoff
// settle them, and only a real shortage is refused.

const ADMIN = { email: 'sale-admin@example.pk', password: 'sale night admin password' };
const PRICE = 40;
const BUYERS = 10;

let folder: string;
const shops: ShopProcess[] = [];
const buyers: string[] = [];
let admin: string;

async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function orderBody(productId: string) {
  const shippingPrice = fromMinor(shippingFor(toMinor(PRICE), DEFAULT_SHIPPING));
  return {
    orderItems: [{ product: productId, qty: 1, price: PRICE, size: '' }],
    shippingAddress: {
      fullName: 'Sale Shopper',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    paymentMethod: 'COD',
    itemsPrice: PRICE,
    shippingPrice,
    totalPrice: PRICE + shippingPrice,
  };
}

const stockOn = async (shop: ShopProcess, productId: string) =>
  (await callShop<Product>(shop, 'GET', `/api/products/${productId}`)).body?.countInStock;

/** A product with `stock` units, once every instance shows it. */
async function aProduct(name: string, stock: number): Promise<string> {
  const created = await callShop<{ id: string }>(shops[0]!, 'POST', '/api/products', {
    token: admin,
    body: {
      name,
      description: 'On sale tonight.',
      category: 'Bottoms',
      price: PRICE,
      image: '/images/airlift-high-support-bra.webp',
      sizes: [],
      countInStock: stock,
    },
  });
  expect(created.status).toBe(201);
  for (const shop of shops)
    expect(
      await eventually(
        () => stockOn(shop, created.body.id),
        (s) => s === stock,
      ),
    ).toBe(stock);
  return created.body.id;
}

/** 50 buyers at once, spread over the three instances. */
const fiftyAtOnce = (productId: string) =>
  Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      callShop<{ id: string; code?: string }>(shops[i % 3]!, 'POST', '/api/orders', {
        token: buyers[i % buyers.length]!,
        body: orderBody(productId),
        headers: { 'idempotency-key': randomUUID() },
        timeoutMs: 60_000,
      }),
    ),
  );

const countStatuses = (answers: { status: number; body: { code?: string } }[]) =>
  answers.reduce<Record<string, number>>((counts, { status, body }) => {
    const key = status === 201 ? '201' : `${status} ${body?.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

beforeAll(async () => {
  ensureBuiltServer();
  const databaseUrl = await createTestDatabase('sale');
  folder = mkdtempSync(join(tmpdir(), 'shop-sale-'));
  for (const name of ['a', 'b', 'c']) {
    shops.push(
      new ShopProcess({
        DATA_DIR: join(folder, name),
        UPLOADS_DIR: join(folder, 'uploads'),
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        EVENT_STORE: 'postgres',
        POSTGRES_URL: databaseUrl,
        POSTGRES_POOL_SIZE: '5',
        JWT_SECRET: 'sale-night-signing-secret-of-32-characters',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TRUSTED_PROXIES: '127.0.0.1',
      }),
    );
  }
  await Promise.all(shops.map((shop) => shop.start(60_000)));
  const login = await eventually(
    () => callShop<{ token: string }>(shops[0]!, 'POST', '/api/auth/login', { body: ADMIN }),
    (answer) => answer.status === 200,
  );
  admin = login.body.token;
  for (let i = 0; i < BUYERS; i++) {
    const registered = await callShop<{ token: string }>(shops[i % 3]!, 'POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': `10.1.0.${i + 1}` },
      body: {
        name: 'Sale Shopper',
        email: `sale-${randomUUID()}@example.pk`,
        contact: '0300-1234567',
        password: 'sale night shopper password',
      },
    });
    expect(registered.status).toBe(201);
    buyers.push(registered.body.token);
  }
  for (const shop of shops) {
    for (const token of buyers) {
      const known = await eventually(
        () => callShop(shop, 'GET', '/api/orders/myorders', { token }),
        (answer) => answer.status === 200,
      );
      expect(known.status).toBe(200);
    }
  }
}, 240_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.kill('SIGKILL')));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('sale night on three instances sharing PostgreSQL', { timeout: 120_000 }, () => {
  it('places all 50 orders for one product bought at once on three instances while stock lasts', async () => {
    const productId = await aProduct('Hero Leggings', 1_000);
    const answers = await fiftyAtOnce(productId);
    expect(countStatuses(answers)).toEqual({ 201: 50 });
    for (const shop of shops)
      expect(
        await eventually(
          () => stockOn(shop, productId),
          (s) => s === 950,
        ),
      ).toBe(950);
  });

  it('sells the last 10 units to exactly 10 of 50 buyers on three instances; 40 hear OUT_OF_STOCK, none else', async () => {
    const productId = await aProduct('Last Ten Leggings', 10);
    const answers = await fiftyAtOnce(productId);
    expect(countStatuses(answers)).toEqual({ 201: 10, '409 OUT_OF_STOCK': 40 });
    for (const shop of shops)
      expect(
        await eventually(
          () => stockOn(shop, productId),
          (s) => s === 0,
        ),
      ).toBe(0);
    const orders = await Promise.all(
      answers
        .filter((answer) => answer.status === 201)
        .map((answer, i) =>
          callShop(shops[(i + 1) % 3]!, 'GET', `/api/orders/${answer.body.id}`, { token: admin }),
        ),
    );
    expect(orders.map((order) => order.status)).toEqual(Array(10).fill(200));
  });
});
