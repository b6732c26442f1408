import { createServer, type Server, Socket } from 'node:net';
import type { Order, Product } from '@shop/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../platform/eventstore/postgres/postgres-event-store';
import { createProduct, orderBody } from '../../slices/orders/order-test-kit';
import { createTestDatabase } from '../../test-support/postgres';
import { freePort } from '../../test-support/shop-process';
import { openTestShop, registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';

/**
 * A TCP relay between the shop and the run's private PostgreSQL that can be cut (every connection
 * dropped, new ones refused: the database is gone) and mended, on the same port.
 */
async function relayTo(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        upstream.connect(Number(target.port), target.hostname, () => {
          client.pipe(upstream).pipe(client);
        });
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  const url = new URL(target);
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    mend: listen,
    close: () => new Promise((resolve) => server?.close(resolve)),
  };
}

let t: TestShop | undefined;
let relay: Awaited<ReturnType<typeof relayTo>> | undefined;
afterEach(async () => {
  await t?.close();
  await relay?.close();
});

describe('when the PostgreSQL event store cannot be reached', () => {
  it('answers commands 503 SERVICE_UNAVAILABLE, keeps reads working, and recovers by itself', async () => {
    relay = await relayTo(new URL(await createTestDatabase('outage')));
    const url = relay.url;
    t = await openTestShop({
      openStore: () =>
        openPostgresEventStore({ connectionString: url, connectionTimeoutMs: 1_000, pollIntervalMs: 100 }),
    });
    const shop = t;
    const admin = await signInAdmin(shop);
    const user = await registerUser(shop);
    const tee = await createProduct(shop, admin, { name: 'Outage Tee', price: 40, countInStock: 5 });

    await relay.cut();
    const placeOrder = () =>
      shop.request<Order & { code?: string }>('POST', '/api/orders', {
        token: user.token,
        body: orderBody([{ product: tee, qty: 1 }]),
      });
    const refused = await placeOrder();
    expect([refused.status, refused.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const created = await shop.request<{ code: string }>('POST', '/api/products', {
      token: admin.token,
      body: {
        name: 'Made Later',
        description: 'x',
        category: 'Shirts',
        price: 40,
        image: tee.image,
        sizes: [],
        countInStock: 1,
      },
    });
    expect([created.status, created.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    // Reads come from this instance's read models: they keep answering.
    const listed = await shop.request<Product[]>('GET', '/api/products');
    expect(listed.status).toBe(200);
    expect(listed.body.map((product) => product.name)).toEqual(['Outage Tee']);
    expect((await shop.request<Product>('GET', `/api/products/${tee.id}`)).body.countInStock).toBe(5);
    expect((await shop.request<Order[]>('GET', '/api/orders/myorders', { token: user.token })).body).toEqual(
      [],
    );

    // The database comes back: no restart, the next command goes through, and the instance is ready.
    await relay.mend();
    const deadline = Date.now() + 15_000;
    let placed = await placeOrder();
    while (placed.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      placed = await placeOrder();
    }
    expect(placed.status).toBe(201);
    expect((await shop.request<Product>('GET', `/api/products/${tee.id}`)).body.countInStock).toBe(4);
    expect((await shop.request('GET', '/health/ready')).status).toBe(200);
    // Nothing refused during the outage was half-saved.
    const orders = await shop.request<Order[]>('GET', '/api/orders/myorders', { token: user.token });
    expect(orders.body.map((order) => order.id)).toEqual([placed.body.id]);
    expect((await shop.request<Product[]>('GET', '/api/products')).body.map((p) => p.name)).toEqual([
      'Outage Tee',
    ]);
  });
});
