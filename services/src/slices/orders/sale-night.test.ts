import { join } from 'node:path';
import { type ErrorBody, type Order, type Product, streams } from '@shop/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { openTestShop, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { productDecider } from '../catalogue/decide';
import type { ProductEvent } from '../catalogue/product';
import { createProduct, orderBody, registerUsers } from './order-test-kit';

// Sale night on one product: 50 buyers at the same moment, on the real SQLite store with durable
// appends (every acknowledged order on disk), through the whole HTTP path.

let t: TestShop;
let admin: SignedInUser;
let buyers: SignedInUser[];

beforeEach(async () => {
  t = await openTestShop({
    openStore: (dataDir) =>
      openSqliteEventStore({ path: join(dataDir, 'events.sqlite'), durability: 'durable' }),
  });
  admin = await signInAdmin(t);
  buyers = await registerUsers(t, 10);
});
afterEach(() => t.close());

const order = (buyer: SignedInUser, product: Product, qty = 1) =>
  t.request<Order & ErrorBody>('POST', '/api/orders', {
    token: buyer.token,
    body: orderBody([{ product, qty }]),
  });

/** 50 buyers press "Place order" at once, five orders from each of ten accounts. */
const fiftyAtOnce = (product: Product) =>
  Promise.all(Array.from({ length: 50 }, (_, i) => order(buyers[i % buyers.length]!, product)));

async function streamStock(product: Product): Promise<number> {
  const events = await t.deps.store.readStream(streams.product(product.id));
  const state = events.reduce(
    (s, e) => productDecider.evolve(s, e as unknown as ProductEvent),
    productDecider.initialState(),
  );
  return state.status === 'absent' ? Number.NaN : state.countInStock;
}

const countStatuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

async function ordersOfEveryone(): Promise<Order[]> {
  const lists = await Promise.all(
    buyers.map(
      async (buyer) => (await t.request<Order[]>('GET', '/api/orders/myorders', { token: buyer.token })).body,
    ),
  );
  return lists.flat();
}

describe('sale night on a busy machine', () => {
  it('answers a placed order once the read models show it, however far behind they were', async () => {
    const hero = await createProduct(t, admin, { name: 'Hero Leggings', countInStock: 5 });
    const runner = t.deps.projections;
    await runner.stop();
    // Every ordinary wait runs out at once, as the 2 s ones do when the read models lag; the runner
    // starts again only when someone is prepared to wait longer.
    const wait = runner.waitForPosition.bind(runner);
    runner.waitForPosition = async (position, timeoutMs) => {
      if (timeoutMs <= 2_000) return false;
      await runner.start();
      return wait(position, timeoutMs);
    };
    const placed = await order(buyers[0]!, hero);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ orderItems: [expect.objectContaining({ qty: 1 })] });
    expect(await streamStock(hero)).toBe(4);
  });
});

describe('sale night on one product', () => {
  it('places all 50 orders bought at once while stock lasts: none refused for being at the same moment', async () => {
    const hero = await createProduct(t, admin, { name: 'Hero Leggings', countInStock: 1_000 });
    const answers = await fiftyAtOnce(hero);
    expect(countStatuses(answers)).toEqual({ 201: 50 });
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(50);
    expect(await streamStock(hero)).toBe(950);
    const product = await t.request<Product>('GET', `/api/products/${hero.id}`);
    expect(product.body.countInStock).toBe(950);
    expect(await ordersOfEveryone()).toHaveLength(50);
  });

  it('sells the last 10 units to exactly 10 of 50 buyers; the other 40 hear OUT_OF_STOCK, nothing else', async () => {
    const hero = await createProduct(t, admin, { name: 'Hero Leggings', countInStock: 16 });
    for (const buyer of buyers.slice(0, 3)) expect((await order(buyer, hero, 2)).status).toBe(201);
    expect(await streamStock(hero)).toBe(10);

    const answers = await fiftyAtOnce(hero);
    expect(countStatuses(answers)).toEqual({ 201: 10, 409: 40 });
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: '"Hero Leggings" in size SM is out of stock.',
      });
    }
    expect(await streamStock(hero)).toBe(0);
    const product = await t.request<Product>('GET', `/api/products/${hero.id}`);
    expect(product.body.countInStock).toBe(0);
    const placed = await ordersOfEveryone();
    expect(placed).toHaveLength(13);
    const soldTonight = placed.filter((o) => answers.some((answer) => answer.body.id === o.id));
    expect(soldTonight.map((o) => o.orderItems[0]?.qty)).toEqual(Array(10).fill(1));
  });
});
