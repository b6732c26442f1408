import {
  asUserId,
  type ErrorBody,
  type EventStore,
  type Order,
  type Product,
  streams,
} from '@shop/contracts';
import { findCatalogueEntry } from '@shop/projections';
import { anOrderPlaced } from '@shop/testing';
import { beforeEach, describe, expect } from 'vitest';
import { handleCommand } from '../../platform/commands/handle-command';
import { StreamTurns } from '../../platform/commands/stream-turns';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { productDecider } from '../catalogue/decide';
import type { ProductEvent } from '../catalogue/product';
import { reserveProductStock } from '../catalogue/stock';
import { returnDecider } from '../returns/decide';
import { askToReturn, returnUntil } from '../returns/returns-test-kit';
import { ALREADY_BEING_PLACED } from './idempotency';
import { createProduct, deliver, orderBody, placeOrderOk, registerUsers } from './order-test-kit';
import { handlePlaceOrder } from './place-order';
import { RESERVATION_GRACE_MS, sweepOrphanedReservations } from './reservation-sweep';

let t: TestShop;
let admin: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  tee = await createProduct(t, admin, { name: 'Last Tee', price: 40, countInStock: 5 });
});

const post = (user: SignedInUser, body: unknown, headers: Record<string, string> = {}) =>
  t.request<Order & ErrorBody>('POST', '/api/orders', { token: user.token, body, headers });

/** Stock as the product stream says, folded from its events. */
async function streamStock(product: Product): Promise<number> {
  const events = await t.deps.store.readStream(streams.product(product.id));
  const state = events.reduce(
    (s, e) => productDecider.evolve(s, e as unknown as ProductEvent),
    productDecider.initialState(),
  );
  return state.status === 'absent' ? Number.NaN : state.countInStock;
}
const catalogueStock = async (product: Product) =>
  (await t.request<Product>('GET', `/api/products/${product.id}`)).body.countInStock;
const myOrders = async (user: SignedInUser) =>
  (await t.request<Order[]>('GET', '/api/orders/myorders', { token: user.token })).body;

describe('racing for the last units', () => {
  it('20 concurrent orders for 5 in stock: exactly 5 succeed, the rest 409, stock 0 everywhere', async () => {
    const users = await registerUsers(t, 4);
    const body = orderBody([{ product: tee, qty: 1 }]);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(users[i % 4]!, body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of responses.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({
        code: 'OUT_OF_STOCK',
        message: '"Last Tee" in size SM is out of stock.',
      });
    }
    expect(await streamStock(tee)).toBe(0);
    expect(await catalogueStock(tee)).toBe(0);
    const placed = (await Promise.all(users.map(myOrders))).flat();
    expect(placed).toHaveLength(5);
  });
});

describe('Idempotency-Key', () => {
  let shopper: SignedInUser;
  beforeEach(async () => {
    shopper = await registerUser(t);
  });

  it('a sequential retry returns the first order (200, same body) and places nothing more', async () => {
    const body = orderBody([{ product: tee, qty: 2 }]);
    const first = await post(shopper, body, { 'Idempotency-Key': 'checkout-1' });
    const retry = await post(shopper, body, { 'Idempotency-Key': 'checkout-1' });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body).toEqual(first.body);
    expect(await myOrders(shopper)).toHaveLength(1);
    expect(await streamStock(tee)).toBe(3);
  });

  it('two concurrent requests with one key place one order', async () => {
    const body = orderBody([{ product: tee, qty: 2 }]);
    const [a, b] = await Promise.all([
      post(shopper, body, { 'Idempotency-Key': 'double-click' }),
      post(shopper, body, { 'Idempotency-Key': 'double-click' }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 201]);
    expect(a!.body.id).toBe(b!.body.id);
    expect(await myOrders(shopper)).toHaveLength(1);
    expect(await streamStock(tee)).toBe(3);
  });

  it('a refused attempt does not use the key up: the retry runs again', async () => {
    const tampered = { ...orderBody([{ product: tee, qty: 1 }]), totalPrice: 1 };
    expect((await post(shopper, tampered, { 'Idempotency-Key': 'k' })).status).toBe(409);
    expect(
      (await post(shopper, orderBody([{ product: tee, qty: 1 }]), { 'Idempotency-Key': 'k' })).status,
    ).toBe(201);
  });

  it('keys belong to one user: another user with the same key gets their own order', async () => {
    const other = await registerUser(t);
    const body = orderBody([{ product: tee, qty: 1 }]);
    const mine = await post(shopper, body, { 'Idempotency-Key': 'same' });
    const theirs = await post(other, body, { 'Idempotency-Key': 'same' });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
  });

  it('refuses a malformed key with 400', async () => {
    for (const key of ['has space', 'x'.repeat(101), 'semi;colon']) {
      const response = await post(shopper, orderBody([{ product: tee, qty: 1 }]), { 'Idempotency-Key': key });
      expect(response.status, key).toBe(400);
    }
  });

  it('answers 409 while the first attempt is still in progress, and takes over a crashed one later', async () => {
    // A claim whose order never appears: the first attempt crashed right after claiming the key.
    await t.deps.store.append(
      streams.idempotencyClaim(asUserId(shopper.id), 'crashed'),
      [
        {
          type: 'ValueClaimed',
          data: { value: 'crashed', ownerId: 'lost-order', at: t.clock.now().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const body = orderBody([{ product: tee, qty: 1 }]);
    const meanwhile = await post(shopper, body, { 'Idempotency-Key': 'crashed' });
    expect([meanwhile.status, meanwhile.body.message]).toEqual([409, ALREADY_BEING_PLACED]);
    t.clock.advance(10 * 60_000);
    expect((await post(shopper, body, { 'Idempotency-Key': 'crashed' })).status).toBe(201);
  }, 30_000);
});

describe('the reservation sweep', () => {
  it('heals a crash between reserving stock and placing the order', async () => {
    const context = { actor: 'crashed-request' };
    const at = () => t.clock.now().toISOString();
    await reserveProductStock(
      t.deps,
      { size: 'SM', productId: tee.id, orderId: 'never-placed', qty: 3, at: at() },
      context,
    );
    expect(await catalogueStock(tee)).toBe(2);

    t.clock.advance(RESERVATION_GRACE_MS - 1_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(0);
    expect(await streamStock(tee)).toBe(2);

    t.clock.advance(2_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(1);
    expect(await streamStock(tee)).toBe(5);
    expect(await catalogueStock(tee)).toBe(5);
    expect(await sweepOrphanedReservations(t.deps)).toBe(0);
    const released = (await t.deps.store.readStream(streams.product(tee.id))).at(-1);
    expect(released).toMatchObject({
      type: 'StockReleased',
      data: { orderId: 'never-placed', reason: 'orphaned' },
    });
  });

  it('finishes a received return whose units a crash kept from coming back, once', async () => {
    const shopper = await registerUser(t);
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 3 }]);
    const delivered = await deliver(t, admin, order.id);
    const asked = await askToReturn(t, shopper, delivered, [{ line: 0, qty: 2 }]);
    await returnUntil(t, admin, asked.body.id, 'Approved');
    // The return is marked Received, and the process dies before putting the units back.
    await handleCommand(
      t.deps,
      returnDecider,
      streams.orderReturn(asked.body.id),
      {
        type: 'ChangeReturnStatus',
        data: { returnId: asked.body.id, to: 'Received', by: admin.id, at: t.clock.now().toISOString() },
      },
      { actor: admin.id },
    );
    expect(await streamStock(tee)).toBe(2);

    t.clock.advance(RESERVATION_GRACE_MS + 1_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(1);
    expect([await streamStock(tee), await catalogueStock(tee)]).toEqual([4, 4]);
    expect(await sweepOrphanedReservations(t.deps)).toBe(0);
    expect((await t.deps.store.readStream(streams.product(tee.id))).at(-1)).toMatchObject({
      type: 'StockReleased',
      data: { orderId: order.id, qty: 2, reason: 'returned' },
    });
  });

  it('never releases stock an instance is still completing an order with: that order can no longer be placed', async () => {
    const shopper = await registerUser(t);
    // The placing request stalls between reserving and appending OrderPlaced (a pause, a slow network).
    let resume = () => {};
    const stalled = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let reachedOrder = () => {};
    const atOrder = new Promise<void>((resolve) => {
      reachedOrder = resolve;
    });
    const slowStore: EventStore = {
      ...t.deps.store,
      readStream: (...args) => t.deps.store.readStream(...args),
      append: async (stream, events, options) => {
        if (events[0]?.type === 'OrderPlaced') {
          reachedOrder();
          await stalled;
        }
        return t.deps.store.append(stream, events, options);
      },
    };
    // It runs as on another instance (its own turns): on this one, the sweep would wait for its turn
    // on the order's stream, and find the order placed.
    const placing = handlePlaceOrder(
      {
        ...t.deps,
        turns: new StreamTurns(),
        store: slowStore,
        findProduct: (id) => findCatalogueEntry(t.deps.readModels, { id }),
        findAffiliateByCode: () => undefined,
      },
      asUserId(shopper.id),
      orderBody([{ product: tee, qty: 2 }]),
    );
    await atOrder;
    expect(await streamStock(tee)).toBe(3);

    // The sweep finds reservations in the read models, which had the grace period to catch up.
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    t.clock.advance(RESERVATION_GRACE_MS + 1_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(1);
    resume();
    await expect(placing).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(await streamStock(tee)).toBe(5);
    expect(await myOrders(shopper)).toEqual([]);
  });

  it('leaves the stock of an order placed after the read model last looked', async () => {
    await reserveProductStock(
      t.deps,
      { size: 'SM', productId: tee.id, orderId: 'placed-late', qty: 2, at: t.clock.now().toISOString() },
      { actor: 'slow-request' },
    );
    // The read model still shows the reservation unplaced: its runner has not seen OrderPlaced yet.
    await t.deps.projections.stop();
    const line = { ...anOrderPlaced().lines[0]!, productId: tee.id };
    await t.deps.store.append(
      streams.order('placed-late'),
      [{ type: 'OrderPlaced', data: anOrderPlaced({ orderId: 'placed-late', lines: [line] }) }],
      { expectedRevision: 'no_stream' },
    );
    t.clock.advance(RESERVATION_GRACE_MS + 1_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(0);
    expect(await streamStock(tee)).toBe(3);
  });

  it('leaves the stock of placed orders alone', async () => {
    const shopper = await registerUser(t);
    expect((await post(shopper, orderBody([{ product: tee, qty: 2 }]))).status).toBe(201);
    t.clock.advance(60 * 60_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(0);
    expect(await streamStock(tee)).toBe(3);
  });
});
