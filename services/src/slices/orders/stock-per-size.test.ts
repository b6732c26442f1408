import { type ErrorBody, NO_STREAM, type Order, type Product, streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { productDecider } from '../catalogue/decide';
import type { ProductEvent } from '../catalogue/product';
import { createProduct, DEMO_IMAGE, orderBody, placeOrderOk, registerUsers } from './order-test-kit';
import { RESERVATION_GRACE_MS, sweepOrphanedReservations } from './reservation-sweep';

let t: TestShop;
let admin: SignedInUser;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
});

const post = (user: SignedInUser, body: unknown) =>
  t.request<Order & ErrorBody>('POST', '/api/orders', { token: user.token, body });
const productOf = async (id: string) => (await t.request<Product>('GET', `/api/products/${id}`)).body;

/** Stock per size as the product stream says, folded from its events. */
async function streamStock(productId: string) {
  const events = await t.deps.store.readStream(streams.product(productId));
  const state = events.reduce(
    (s, e) => productDecider.evolve(s, e as unknown as ProductEvent),
    productDecider.initialState(),
  );
  return state.status === 'absent'
    ? undefined
    : { countInStock: state.countInStock, stockBySize: state.stockBySize };
}

describe('racing for the last unit of one size', () => {
  it('12 shoppers want the last SM at once: exactly one gets it, the others 409 naming the size; MD is untouched', async () => {
    const leggings = await createProduct(t, admin, { name: 'Flex Leggings', stockBySize: { SM: 1, MD: 5 } });
    const users = await registerUsers(t, 6);
    const wantSmall = orderBody([{ product: leggings, qty: 1, size: 'SM' }]);
    const wantMedium = orderBody([{ product: leggings, qty: 1, size: 'MD' }]);
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => post(users[i % 6]!, wantSmall)),
      ...Array.from({ length: 3 }, (_, i) => post(users[i]!, wantMedium)),
    ]);
    const small = responses.slice(0, 12);
    expect(small.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of small.filter((r) => r.status !== 201)) {
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        409,
        'OUT_OF_STOCK',
        '"Flex Leggings" in size SM is out of stock.',
      ]);
    }
    expect(responses.slice(12).map((r) => r.status)).toEqual([201, 201, 201]);

    const expected = { countInStock: 2, stockBySize: { SM: 0, MD: 2 } };
    expect(await streamStock(leggings.id)).toEqual(expected);
    expect(await productOf(leggings.id)).toMatchObject(expected);
  });

  it('cancelling gives the units back to the sizes they were taken from', async () => {
    const leggings = await createProduct(t, admin, { name: 'Flex Leggings', stockBySize: { SM: 2, MD: 2 } });
    const [shopper] = await registerUsers(t, 1);
    const order = await placeOrderOk(t, shopper!, [
      { product: leggings, qty: 2, size: 'SM' },
      { product: leggings, qty: 1, size: 'MD' },
    ]);
    expect(await productOf(leggings.id)).toMatchObject({ countInStock: 1, stockBySize: { SM: 0, MD: 1 } });
    // Each line shows what is left of its own size: what "Reorder" may put back in the cart.
    const mine = await t.request<Order>('GET', `/api/orders/${order.id}`, { token: shopper!.token });
    expect(mine.body.orderItems.map((item) => [item.size, item.Product?.countInStock])).toEqual([
      ['SM', 0],
      ['MD', 1],
    ]);
    const cancelled = await t.request('POST', `/api/orders/${order.id}/cancel`, { token: shopper!.token });
    expect(cancelled.status).toBe(200);
    expect(await productOf(leggings.id)).toMatchObject({ countInStock: 4, stockBySize: { SM: 2, MD: 2 } });
  });
});

describe('a log from before stock per size', () => {
  /** A product and a reservation as an earlier version stored them: one count, no size (schema 1). */
  async function appendLegacyProduct(productId: string, countInStock: number, reservedBy?: string) {
    const at = t.clock.now().toISOString();
    await t.deps.store.append(
      streams.product(productId),
      [
        {
          type: 'ProductCreated',
          data: {
            productId,
            name: 'Old Leggings',
            description: 'Saved before sizes had counts.',
            category: 'Leggings',
            price: 3_000_00,
            originalPrice: null,
            image: DEMO_IMAGE,
            thumbnail: DEMO_IMAGE,
            sizes: ['SM', 'MD'],
            isFeatured: false,
            countInStock,
            at,
          },
          metadata: { schemaVersion: 1 },
        },
        ...(reservedBy
          ? [
              {
                type: 'StockReserved',
                data: { productId, orderId: reservedBy, qty: 1, at },
                metadata: { schemaVersion: 1 },
              },
            ]
          : []),
      ],
      { expectedRevision: NO_STREAM },
    );
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
  }

  it('keeps an old product’s count on its first size, and its old reservations there too', async () => {
    await appendLegacyProduct('old-leggings', 4, 'crashed-order');
    const expected = { countInStock: 3, stockBySize: { SM: 3, MD: 0 } };
    expect(await productOf('old-leggings')).toMatchObject(expected);
    expect(await streamStock('old-leggings')).toEqual(expected);

    const [shopper] = await registerUsers(t, 1);
    const old = await productOf('old-leggings');
    const medium = await post(shopper!, orderBody([{ product: old, qty: 1, size: 'MD' }]));
    expect([medium.status, medium.body.message]).toEqual([409, '"Old Leggings" in size MD is out of stock.']);
    expect((await post(shopper!, orderBody([{ product: old, qty: 3, size: 'SM' }]))).status).toBe(201);

    // The old reservation's order never appeared: the sweep gives its unit back to the first size.
    t.clock.advance(RESERVATION_GRACE_MS + 1_000);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    expect(await sweepOrphanedReservations(t.deps)).toBe(1);
    const swept = { countInStock: 1, stockBySize: { SM: 1, MD: 0 } };
    expect(await streamStock('old-leggings')).toEqual(swept);
    expect(await productOf('old-leggings')).toMatchObject(swept);
  });

  it('lets the admin set the sizes’ counts of an old product', async () => {
    await appendLegacyProduct('old-leggings', 4);
    const old = await productOf('old-leggings');
    const edited = await t.request<Product>('PUT', '/api/products/old-leggings', {
      token: admin.token,
      body: {
        ...old,
        stockBySize: { SM: 2, MD: 2 },
        variants: old.variants.map((variant) => ({ ...variant, stock: 2 })),
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ countInStock: 4, stockBySize: { SM: 2, MD: 2 } });
  });
});
