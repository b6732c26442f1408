import { join } from 'node:path';
import type { Order, Product } from '@shop/contracts';
import { listSweepableReservations } from '@shop/projections';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { createProduct, deliveredOrderOf, orderBody } from '../../slices/orders/order-test-kit';
import { RESERVATION_GRACE_MS, sweepOrphanedReservations } from '../../slices/orders/reservation-sweep';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';
import { type FaultyStore, faultyStore } from './faulty-store';

let t: TestShop;
let faults: FaultyStore;
let admin: SignedInUser;
let user: SignedInUser;
let product: Product;

async function openFaultyShop() {
  t = await openTestShop({
    openStore: (dataDir) => {
      faults = faultyStore(dataDir);
      return faults.store;
    },
  });
  admin = await signInAdmin(t);
  user = await registerUser(t);
  product = await createProduct(t, admin, { price: 40, countInStock: 5 });
}
afterEach(() => t.close());

const stockOf = async (id: string) =>
  (await t.request<Product>('GET', `/api/products/${id}`)).body.countInStock;

describe('when the event store cannot be written', () => {
  it('answers every command 503 SERVICE_UNAVAILABLE with a message, and appends nothing', async () => {
    await openFaultyShop();
    const bought = await createProduct(t, admin, { name: 'Bought Tee', price: 40, countInStock: 5 });
    await deliveredOrderOf(t, user, bought);
    for (const code of ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR_WRITE'] as const) {
      faults.failWith(code);
      const head = await t.deps.store.headPosition();
      const commands = [
        t.request('POST', '/api/auth/register', { body: aRegistration() }),
        t.request('POST', '/api/reviews', {
          token: user.token,
          body: { productId: bought.id, rating: 4, comment: 'ok' },
        }),
        t.request('POST', '/api/orders', { token: user.token, body: orderBody([{ product, qty: 1 }]) }),
        t.request('POST', '/api/products', {
          token: admin.token,
          // A new product in the seed's shape: variants and options would contradict countInStock.
          body: { ...product, id: undefined, options: undefined, variants: undefined, countInStock: 1 },
        }),
      ];
      for (const response of await Promise.all(commands)) {
        expect(response.status, code).toBe(503);
        expect(response.body).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The shop cannot save changes right now. Nothing was changed; please try again shortly.',
        });
      }
      expect(await t.deps.store.headPosition()).toBe(head);
      expect(await stockOf(product.id)).toBe(5);
    }
  });

  it('reports it on /health/ready with 503 until a write succeeds again', async () => {
    await openFaultyShop();
    expect((await t.request('GET', '/health/ready')).status).toBe(200);
    faults.failWith('SQLITE_FULL');
    await t.request('POST', '/api/auth/register', { body: aRegistration() });
    const down = await t.request('GET', '/health/ready');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'not ready',
      eventStore: { writable: false, lastWriteFailure: 'SQLITE_FULL', failedAt: t.clock.now().toISOString() },
    });
    expect((await t.request('GET', '/health/live')).status).toBe(200);

    faults.heal();
    expect((await t.request('GET', '/health/ready')).status).toBe(503);
    expect((await t.request('POST', '/api/auth/register', { body: aRegistration() })).status).toBe(201);
    const up = await t.request('GET', '/health/ready');
    expect(up.status).toBe(200);
    expect(up.body).not.toHaveProperty('eventStore');
  });

  it('keeps serving reads: products, the catalogue, reviews, orders and the profile', async () => {
    await openFaultyShop();
    const placed = await t.request<Order>('POST', '/api/orders', {
      token: user.token,
      body: orderBody([{ product, qty: 1 }]),
    });
    faults.failWith('SQLITE_READONLY');
    const reads = [
      t.request('GET', '/api/products'),
      t.request('GET', `/api/products/${product.id}`),
      t.request('GET', '/api/catalogue?search=tee'),
      t.request('GET', `/api/reviews/${product.id}`),
      t.request('GET', '/api/orders/myorders', { token: user.token }),
      t.request('GET', `/api/orders/${placed.body.id}/tracking`, { token: user.token }),
      t.request('GET', '/api/users/profile', { token: user.token }),
      t.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } }),
    ];
    for (const response of await Promise.all(reads)) expect(response.status).toBe(200);
  });

  it('answers 503 while another process holds the log file locked, and works again once it lets go', async () => {
    t = await openTestShop({
      openStore: (dataDir) =>
        openSqliteEventStore({ path: join(dataDir, 'events.sqlite'), busyTimeoutMs: 50 }),
    });
    user = await registerUser(t);
    const head = await t.deps.store.headPosition();
    const locker = new Database(join(t.dataDir, 'events.sqlite'));
    try {
      locker.exec('BEGIN EXCLUSIVE');
      const refused = await t.request('POST', '/api/auth/register', { body: aRegistration() });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect((await t.request('GET', '/health/ready')).body).toMatchObject({
        eventStore: { writable: false, lastWriteFailure: 'SQLITE_BUSY' },
      });
      expect((await t.request('GET', '/api/users/profile', { token: user.token })).status).toBe(200);
      locker.exec('ROLLBACK');
    } finally {
      locker.close();
    }
    expect(await t.deps.store.headPosition()).toBe(head);
    expect((await t.request('POST', '/api/auth/register', { body: aRegistration() })).status).toBe(201);
    expect((await t.request('GET', '/health/ready')).status).toBe(200);
  });

  it('leaves no stock held without an order once the sweep has run, when the disk fails mid-order', async () => {
    await openFaultyShop();
    // The reference's claim and the reservation are written; the order and the compensating release are not.
    faults.failWith('SQLITE_FULL', 2);
    const response = await t.request('POST', '/api/orders', {
      token: user.token,
      body: orderBody([{ product, qty: 2 }]),
    });
    expect(response.status).toBe(503);
    expect(faults.failedAppends()).toBe(2);
    // Only OrderPlaced's append waits for the read models, and it failed: let them catch up.
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    expect(await stockOf(product.id)).toBe(3);
    const mine = await t.request<Order[]>('GET', '/api/orders/myorders', { token: user.token });
    expect(mine.body).toEqual([]);

    faults.heal();
    t.clock.advance(RESERVATION_GRACE_MS + 1_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(1);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    expect(await stockOf(product.id)).toBe(5);
    expect(listSweepableReservations(t.deps.readModels, { before: t.clock.now().toISOString() })).toEqual([]);
  });
});
