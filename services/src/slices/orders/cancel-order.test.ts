import {
  DEFAULT_SHIPPING,
  type ErrorBody,
  fromMinor,
  type Order,
  type OrderTracking,
  type Product,
  priceOrder,
  streams,
  toMinor,
  WrongExpectedVersion,
} from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { productDecider } from '../catalogue/decide';
import type { ProductEvent } from '../catalogue/product';
import { createProduct, deliver, placeOrderOk, setStatus, stockOf } from './order-test-kit';

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let bilal: SignedInUser;
let tee: Product;
let cap: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  ayesha = await registerUser(t, { name: 'Ayesha' });
  bilal = await registerUser(t, { name: 'Bilal' });
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, stockBySize: { SM: 5, MD: 5 } });
  cap = await createProduct(t, admin, { name: 'Cap', price: 15, countInStock: 4, sizes: [] });
});

const cancel = (orderId: string, user: SignedInUser) =>
  t.request<Order & ErrorBody>('POST', `/api/orders/${orderId}/cancel`, { token: user.token });

/** Stock as the product's stream says, folded from its events. */
async function streamStock(product: Product): Promise<number> {
  const events = await t.deps.store.readStream(streams.product(product.id));
  const state = events.reduce(
    (s, e) => productDecider.evolve(s, e as unknown as ProductEvent),
    productDecider.initialState(),
  );
  return state.status === 'absent' ? Number.NaN : state.countInStock;
}

describe('POST /api/orders/{id}/cancel', () => {
  it('the owner cancels a Pending order: every unit goes back at once and the timeline says she did, when', async () => {
    const order = await placeOrderOk(t, ayesha, [
      { product: tee, qty: 2, size: 'SM' },
      { product: tee, qty: 1, size: 'MD' },
      { product: cap, qty: 3 },
    ]);
    expect([await stockOf(t, tee), await stockOf(t, cap)]).toEqual([7, 1]);
    t.clock.advance(5 * 60_000);

    const cancelled = await cancel(order.id, ayesha);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      id: order.id,
      status: 'Cancelled',
      cancelledBy: 'customer',
      refundDue: null,
    });
    expect([await stockOf(t, tee), await stockOf(t, cap)]).toEqual([10, 4]);
    expect([await streamStock(tee), await streamStock(cap)]).toEqual([10, 4]);

    const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: ayesha.token,
    });
    expect(tracking.body.timeline.at(-1)).toMatchObject({
      key: 'cancelled',
      description: 'You cancelled this order',
      at: t.clock.now().toISOString(),
    });
    const history = (await t.request<Order>('GET', `/api/orders/${order.id}`, { token: admin.token })).body
      .statusHistory;
    expect(history?.at(-1)).toMatchObject({
      from: 'Pending',
      to: 'Cancelled',
      by: { id: ayesha.id, name: 'Ayesha' },
    });
  });

  it('a Paid order that is cancelled shows the admin (and the shopper) that its total is owed back', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
    // The whole total is owed back: one tee and its shipping, by the shop's pricing rule.
    const total = fromMinor(
      priceOrder([{ unitPrice: toMinor(tee.price), qty: 1 }], false, DEFAULT_SHIPPING).totalPrice,
    );
    await setStatus(t, admin, order.id, 'Paid');
    expect((await cancel(order.id, ayesha)).body).toMatchObject({ status: 'Cancelled', refundDue: total });
    const seenByAdmin = await t.request<Order>('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(seenByAdmin.body).toMatchObject({ refundDue: total, isPaid: true, cancelledBy: 'customer' });
    const listed = await t.request<Order[]>('GET', '/api/orders', { token: admin.token });
    expect(listed.body.find((o) => o.id === order.id)).toMatchObject({
      refundDue: total,
      cancelledBy: 'customer',
    });
  });

  it('an order the shop cancelled says so, and owes nothing when it was never paid', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    expect(await setStatus(t, admin, order.id, 'Cancelled')).toMatchObject({
      cancelledBy: 'shop',
      refundDue: null,
    });
  });

  it('a second cancel, or one once the shop started on it, answers 409 with a message and changes nothing', async () => {
    const pending = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    expect((await cancel(pending.id, ayesha)).status).toBe(200);
    const again = await cancel(pending.id, ayesha);
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'CONFLICT',
      'This order has already been cancelled.',
    ]);

    const processing = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await setStatus(t, admin, processing.id, 'Processing');
    const delivered = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await deliver(t, admin, delivered.id);
    const stock = await stockOf(t, tee);
    for (const [order, status] of [
      [processing, 'Processing'],
      [delivered, 'Delivered'],
    ] as const) {
      const head = await t.deps.store.headPosition();
      const refused = await cancel(order.id, ayesha);
      expect([refused.status, refused.body.message]).toEqual([
        409,
        `This order is already ${status} and can no longer be cancelled. Please contact us if you need help with it.`,
      ]);
      expect(await t.deps.store.headPosition()).toBe(head);
    }
    expect(await stockOf(t, tee)).toBe(stock);
  });

  it("answers 404 for another user's order, an admin's included, exactly as for an unknown id", async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const unknown = await cancel('no-such-order', bilal);
    for (const caller of [bilal, admin]) {
      const response = await cancel(order.id, caller);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unknown.body);
    }
    expect((await t.request('POST', `/api/orders/${order.id}/cancel`)).status).toBe(401);
    expect(
      (await t.request<Order>('GET', `/api/orders/${order.id}`, { token: ayesha.token })).body.status,
    ).toBe('Pending');
  });
});

describe('a shopper cancelling while an admin moves the order', () => {
  /**
   * Holds the first two appends to the order's stream until both have been asked for, so both
   * requests decided on the same revision (the cached fold, or the stream as read) and one append
   * must lose: the race, every time. The append that came `first` (0 or 1) goes on first.
   */
  function raceOn(orderId: string, first: 0 | 1): { clashes: () => number } {
    const store = t.deps.store;
    const append = store.append.bind(store);
    let appends = 0;
    let clashes = 0;
    const held: (() => void)[] = [];
    store.append = async (...args) => {
      if (args[0] === streams.order(orderId) && ++appends <= 2) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          if (held.length === 2) {
            held[first]!();
            setImmediate(() => held[1 - first]!());
          }
        });
      }
      try {
        return await append(...args);
      } catch (error) {
        if (error instanceof WrongExpectedVersion) clashes += 1;
        throw error;
      }
    };
    return { clashes: () => clashes };
  }

  it('leaves one outcome and consistent stock, whichever wins', async () => {
    // As on two instances of one log: within one, commands on the order's stream take turns and
    // never race, so the turns are set aside to make the race happen.
    delete t.deps.turns;
    const { append } = t.deps.store;
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 2 }]);
      const to = round % 4 < 2 ? 'Processing' : 'Cancelled';
      const race = raceOn(order.id, round % 2 === 0 ? 0 : 1);
      const [shopper, byAdminAnswer] = await Promise.all([
        cancel(order.id, ayesha),
        t.request<Order & ErrorBody>('PUT', `/api/admin/orders/${order.id}/status`, {
          token: admin.token,
          body: { status: to },
        }),
      ]);
      Object.assign(t.deps.store, { append });

      expect(race.clashes(), `round ${round}`).toBe(1);
      expect([shopper.status, byAdminAnswer.status].sort(), `round ${round}`).toEqual([200, 409]);
      const now = (await t.request<Order>('GET', `/api/orders/${order.id}`, { token: ayesha.token })).body;
      const winner = shopper.status === 200 ? 'shopper' : 'admin';
      expect(now.status).toBe(winner === 'shopper' ? 'Cancelled' : to);
      outcomes.add(`${winner}:${now.status}`);
      // Nothing but this order's units moved: back in stock when cancelled, held when not.
      const held = now.status === 'Cancelled' ? 0 : 2;
      expect([await stockOf(t, tee), await streamStock(tee)], `round ${round}`).toEqual([
        10 - held,
        10 - held,
      ]);
      if (held) await setStatus(t, admin, order.id, 'Cancelled');
    }
    // Both sides won some rounds: the shopper's cancel, and the admin's move to either status.
    expect([...outcomes].sort()).toEqual(['admin:Cancelled', 'admin:Processing', 'shopper:Cancelled']);
  });
});
