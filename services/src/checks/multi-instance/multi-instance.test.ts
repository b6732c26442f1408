import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order, Product } from '@shop/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../platform/eventstore/postgres/postgres-event-store';
import { openShop } from '../../shop';
import demoProducts from '../../slices/catalogue/demo-products.json';
import { RESERVATION_GRACE_MS, sweepOrphanedReservations } from '../../slices/orders/reservation-sweep';
import { createTestDatabase } from '../../test-support/postgres';
import { ensureBuiltServer, freePort, ShopProcess } from '../../test-support/shop-process';
import {
  ADMIN,
  api,
  createProduct,
  eventually,
  orderBody,
  registerBuyer,
  shops,
  stockOn,
} from './shop-calls';

// Three real shop processes (the built server), each with its own DATA_DIR and read models, started
// together on one empty PostgreSQL log: what issue 22 promises of several instances.

let databaseUrl: string;
let folder: string;

beforeAll(async () => {
  ensureBuiltServer();
  databaseUrl = await createTestDatabase('multi');
  folder = mkdtempSync(join(tmpdir(), 'shop-multi-'));
  const uploads = join(folder, 'uploads');
  for (const name of ['a', 'b', 'c']) {
    shops.push(
      new ShopProcess({
        DATA_DIR: join(folder, name),
        UPLOADS_DIR: uploads,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        EVENT_STORE: 'postgres',
        POSTGRES_URL: databaseUrl,
        POSTGRES_POOL_SIZE: '5',
        JWT_SECRET: 'multi-instance-signing-secret-of-32-characters',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        TRUSTED_PROXIES: '127.0.0.1',
      }),
    );
  }
  // Started together, on an empty store: each races the others for the first admin and the demo seed.
  await Promise.all(shops.map((shop) => shop.start(60_000)));
}, 240_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.kill('SIGKILL')));
  if (folder) rmSync(folder, { recursive: true, force: true });
});

// Registering 36 buyers hashes 36 passwords: generous time on a shared machine.
describe('three shop instances on one PostgreSQL log', { timeout: 180_000 }, () => {
  let admin: string;
  beforeAll(async () => {
    const login = await api<{ token: string }>(shops[0]!, 'POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    admin = login.body.token;
  });

  it('seed one demo catalogue and one first admin between them', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ type: string; count: string }>(
        `SELECT type, count(*) FROM events WHERE type IN ('ProductCreated', 'UserRegistered') GROUP BY type`,
      );
      const counts = Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]));
      expect(counts).toEqual({ ProductCreated: demoProducts.length, UserRegistered: 1 });
    } finally {
      await client.end();
    }
    for (const shop of shops) {
      const listed = await eventually(
        () => api<Product[]>(shop, 'GET', '/api/products'),
        (answer) => answer.body.length === demoProducts.length,
        15_000,
      );
      expect(listed.body).toHaveLength(demoProducts.length);
      expect((await api(shop, 'POST', '/api/auth/login', { body: ADMIN })).status).toBe(200);
    }
  });

  it('list a product created on one instance on the others within 3 s', async () => {
    const productId = await createProduct(shops[0]!, admin, 'Seen Everywhere Tee', 10);
    const started = Date.now();
    for (const shop of shops.slice(1)) {
      const seen = await eventually(
        () => api<Product[]>(shop, 'GET', '/api/products'),
        (answer) => answer.body.some((product) => product.id === productId),
        3_000,
      );
      expect(seen.body.map((product) => product.id)).toContain(productId);
    }
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('let exactly 5 of 30 buyers across the three instances have the last 5 units, with no 5xx', async () => {
    const productId = await createProduct(shops[0]!, admin, 'Last Five Tee', 5);
    for (const shop of shops) {
      expect(
        await eventually(
          () => stockOn(shop, productId),
          (stock) => stock === 5,
          15_000,
        ),
      ).toBe(5);
    }
    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => registerBuyer(shops[i % 3]!)));
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        api<Order>(shops[i % 3]!, 'POST', '/api/orders', {
          token: buyer.token,
          body: orderBody(1)(productId),
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const shop of shops) {
      expect(
        await eventually(
          () => stockOn(shop, productId),
          (stock) => stock === 0,
          15_000,
        ),
      ).toBe(0);
    }
  });

  it('make one account of one e-mail registered on two instances at once', async () => {
    const email = `twice-${randomUUID()}@example.pk`;
    const body = { name: 'Twice', email, contact: '0300-1234567', password: 'twice registered password' };
    const answers = await Promise.all(
      shops.slice(0, 2).map((shop) => api<{ id: string }>(shop, 'POST', '/api/auth/register', { body })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const winner = answers.find((answer) => answer.status === 201)!.body.id;
    const customers = await eventually(
      () => api<{ id: string; email: string }[]>(shops[2]!, 'GET', '/api/admin/users', { token: admin }),
      (answer) => answer.body.some((user) => user.email === email),
      15_000,
    );
    const accounts = customers.body.filter((user) => user.email === email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.id).toBe(winner);
  });

  it('lose no acknowledged order when one is SIGKILLed under order load; the others keep taking orders', async () => {
    const initialStock = 400;
    const productId = await createProduct(shops[0]!, admin, 'Under Load Tee', initialStock);
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => registerBuyer(shops[i % 3]!)));
    for (const shop of shops) {
      await eventually(
        () => stockOn(shop, productId),
        (stock) => stock === initialStock,
        15_000,
      );
    }

    const acked = new Map<string, { token: string; qty: number }>();
    const unanswered: { buyer: { token: string }; qty: number; key: string }[] = [];
    const fiveXx: number[] = [];
    const ackedAfterKill = [0, 0, 0];
    let killed = false;
    let sent = 0;
    const worker = async (w: number) => {
      for (let n = 0; n < 25; n++) {
        const shop = (w + n) % 3;
        const buyer = buyers[(w + n) % buyers.length]!;
        const qty = 1 + (n % 2);
        const key = randomUUID();
        sent += 1;
        try {
          const answer = await api<Order>(shops[shop]!, 'POST', '/api/orders', {
            token: buyer.token,
            body: orderBody(qty)(productId),
            headers: { 'idempotency-key': key },
          });
          if (answer.status === 201) {
            acked.set(answer.body.id, { token: buyer.token, qty });
            if (killed) ackedAfterKill[shop]! += 1;
          } else if (answer.status >= 500) fiveXx.push(answer.status);
        } catch {
          // No answer: the instance died mid-request (or was down). A client retries with the same key.
          unanswered.push({ buyer, qty, key });
        }
      }
    };
    const killer = async () => {
      while (sent < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      await shops[2]!.kill('SIGKILL');
      killed = true;
    };
    await Promise.all([killer(), ...Array.from({ length: 6 }, (_, w) => worker(w))]);
    expect(killed).toBe(true);
    expect(fiveXx).toEqual([]);
    expect(ackedAfterKill[0]).toBeGreaterThan(0);
    expect(ackedAfterKill[1]).toBeGreaterThan(0);

    // The clients that got no answer retry on a living instance with the same key: an order the dead
    // instance placed is replayed, one it never started is placed now, and one it left half done is
    // refused (409) until the sweep gives its stock back.
    for (const { buyer, qty, key } of unanswered) {
      const answer = await api<Order>(shops[0]!, 'POST', '/api/orders', {
        token: buyer.token,
        body: orderBody(qty)(productId),
        headers: { 'idempotency-key': key },
      });
      expect([200, 201, 409]).toContain(answer.status);
      if (answer.status !== 409) acked.set(answer.body.id, { token: buyer.token, qty });
    }

    await shops[2]!.start(60_000);
    // A crash between reserving and placing leaves stock held until the sweep's grace period has
    // passed: run the sweep once as it would then run, on the same log.
    const sweeper = await openShop({
      dataDir: join(folder, 'sweeper'),
      durability: 'relaxed',
      signingSecret: 'unused-here',
      store: openPostgresEventStore({ connectionString: databaseUrl, poolSize: 2 }),
      clock: () => new Date(Date.now() + RESERVATION_GRACE_MS + 60_000),
    });
    try {
      await sweeper.deps.projections.waitForPosition(await sweeper.deps.store.headPosition(), 30_000);
      await sweepOrphanedReservations(sweeper.deps);
    } finally {
      await sweeper.close();
    }

    const held = [...acked.values()].reduce((sum, order) => sum + order.qty, 0);
    for (const shop of shops) {
      const stock = await eventually(
        () => stockOn(shop, productId),
        (value) => value === initialStock - held,
        10_000,
      );
      expect(stock).toBe(initialStock - held);
      for (const [orderId, { token }] of acked) {
        expect((await api(shop, 'GET', `/api/orders/${orderId}`, { token })).status).toBe(200);
      }
    }
  });
});
