import {
  asUserId,
  type ErrorBody,
  NO_STREAM,
  type Order,
  type OrderTracking,
  type Product,
  streams,
} from '@shop/contracts';
import { findCatalogueEntry } from '@shop/projections';
import { describe, expect } from 'vitest';
import { legacyOrderReference } from '../../platform/events/upcasters';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { affiliateByCodeIn } from '../affiliates/code-check';
import { createProduct, orderBody, placeOrderOk } from './order-test-kit';
import { handlePlaceOrder } from './place-order';
import { newOrderReference } from './reference';

let t: TestShop;
let admin: SignedInUser;
let shopper: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
  shopper = await registerUser(t);
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 50 });
});

const get = <Body>(path: string, user: SignedInUser) =>
  t.request<Body & ErrorBody>('GET', path, { token: user.token });

describe('order references', () => {
  it('draws two letters, a dash and six characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) expect(newOrderReference()).toMatch(/^[A-HJKMNP-Z]{2}-[A-HJKMNP-Z2-9]{6}$/);
    const picks = [0, 1, 30, 29, 28, 27, 26, 25];
    expect(newOrderReference(() => picks.shift() ?? 0)).toBe('AB-987654');
  });

  it('gives every order one, shown in its answers, and finds the order by it in any case, dash or not', async () => {
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    expect(order.reference).toMatch(/^[A-Z]{2}-[A-Z0-9]{6}$/);
    expect(order.reference.length).toBeLessThanOrEqual(10);
    const compact = order.reference.replace('-', '').toLowerCase();
    for (const typed of [order.reference, compact, ` ${order.reference.toLowerCase()} `]) {
      const found = await get<Order>(`/api/orders/${encodeURIComponent(typed)}`, shopper);
      expect([found.status, found.body.id, found.body.reference]).toEqual([200, order.id, order.reference]);
      const tracking = await get<OrderTracking>(`/api/orders/${encodeURIComponent(typed)}/tracking`, shopper);
      expect([tracking.status, tracking.body.order.id]).toEqual([200, order.id]);
    }
    expect((await get<Order>(`/api/orders/${order.id}`, admin)).body.reference).toBe(order.reference);
    expect((await get<Order[]>('/api/orders/myorders', shopper)).body[0]?.reference).toBe(order.reference);
    expect((await get<Order[]>('/api/orders', admin)).body[0]?.reference).toBe(order.reference);
  });

  it("answers 404 for someone else's reference and for one nobody has", async () => {
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const stranger = await registerUser(t);
    for (const path of [`/api/orders/${order.reference}`, `/api/orders/${order.reference}/tracking`]) {
      const response = await get<Order>(path, stranger);
      expect([response.status, response.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await get<Order>('/api/orders/ZZ-ZZZZZZ', shopper)).status).toBe(404);
  });

  it('stays unique when orders placed at once draw the same references: each claim has one owner', async () => {
    const pool = ['AB-234567', 'AB-234567', 'AB-234567', 'CD-234567', 'CD-234567', 'EF-234567'];
    let next = 0;
    const draw = () => pool[next++ % pool.length] ?? 'never';
    const deps = {
      ...t.deps,
      findProduct: (id: string) => findCatalogueEntry(t.deps.readModels, { id }),
      findAffiliateByCode: affiliateByCodeIn(t.deps.readModels),
      newOrderReference: draw,
    };
    const placed = await Promise.all(
      Array.from({ length: 3 }, () =>
        handlePlaceOrder(deps, asUserId(shopper.id), orderBody([{ product: tee, qty: 1 }])),
      ),
    );
    const references = await Promise.all(
      placed.map(async ({ orderId }) => (await get<Order>(`/api/orders/${orderId}`, shopper)).body.reference),
    );
    expect(new Set(references)).toEqual(new Set(['AB-234567', 'CD-234567', 'EF-234567']));
    for (const reference of references) {
      const claims = await t.deps.store.readStream(streams.orderReferenceClaim(reference));
      expect(claims.map((event) => event.type)).toEqual(['ValueClaimed']);
    }
  });

  it('never gives a refused order’s reference to another order', async () => {
    const draws = ['AB-234567', 'AB-234567', 'CD-234567'];
    const deps = {
      ...t.deps,
      findProduct: (id: string) => findCatalogueEntry(t.deps.readModels, { id }),
      findAffiliateByCode: affiliateByCodeIn(t.deps.readModels),
      newOrderReference: () => draws.shift() ?? 'never',
    };
    const staleEntry = (id: string) => {
      const entry = deps.findProduct(id)!;
      return {
        ...entry,
        countInStock: 99,
        stockBySize: Object.fromEntries(entry.sizes.map((size) => [size, 99])),
      };
    };
    const stale = { ...deps, findProduct: staleEntry };
    await expect(
      handlePlaceOrder(stale, asUserId(shopper.id), orderBody([{ product: tee, qty: 60 }])),
    ).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    const { orderId } = await handlePlaceOrder(
      deps,
      asUserId(shopper.id),
      orderBody([{ product: tee, qty: 1 }]),
    );
    expect((await get<Order>(`/api/orders/${orderId}`, shopper)).body.reference).toBe('CD-234567');
  });

  it('finds an order placed before references existed by the reference derived from its id', async () => {
    const order = await placeOrderOk(t, shopper, [{ product: tee, qty: 1 }]);
    const [placed] = await t.deps.store.readStream(streams.order(order.id));
    const { reference: _dropped, ...v1 } = placed!.data as Record<string, unknown>;
    const oldId = 'legacy-order-1';
    await t.deps.store.append(
      streams.order(oldId),
      [{ type: 'OrderPlaced', data: { ...v1, orderId: oldId }, metadata: { schemaVersion: 1 } }],
      { expectedRevision: NO_STREAM },
    );
    const legacy = legacyOrderReference(oldId);
    expect(legacy).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    expect(legacyOrderReference(oldId)).toBe(legacy);
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 2_000);
    const found = await get<Order>(`/api/orders/${legacy.toLowerCase()}`, shopper);
    expect([found.status, found.body.id, found.body.reference]).toEqual([200, oldId, legacy]);
  });
});
