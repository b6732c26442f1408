import type { ErrorBody, Order, OrderNote, OrderTracking, Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, orderBody, placeOrderOk } from './order-test-kit';

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t, { name: 'Shop Admin' });
  ayesha = await registerUser(t, { name: 'Ayesha' });
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 10 });
});

const note = (orderId: string, user: SignedInUser, body: unknown) =>
  t.request<OrderNote & ErrorBody>('POST', `/api/admin/orders/${orderId}/notes`, { token: user.token, body });
const adminView = async (orderId: string) =>
  (await t.request<Order>('GET', `/api/orders/${orderId}`, { token: admin.token })).body;

describe('the delivery note', () => {
  it('travels with the order, trimmed, and shows on it for the admin and the shopper', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], {
      deliveryNote: '  call before coming, gate 2  ',
    });
    expect(order.deliveryNote).toBe('call before coming, gate 2');
    expect((await adminView(order.id)).deliveryNote).toBe('call before coming, gate 2');
    const listed = await t.request<Order[]>('GET', '/api/orders', { token: admin.token });
    expect(listed.body[0]?.deliveryNote).toBe('call before coming, gate 2');
  });

  it('is null when none (or only spaces) was left', async () => {
    expect((await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }])).deliveryNote).toBeNull();
    expect(
      (await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { deliveryNote: '   ' })).deliveryNote,
    ).toBeNull();
  });

  it('of more than 500 characters is refused with 400 naming the field, and nothing is ordered', async () => {
    const head = await t.deps.store.headPosition();
    const response = await t.request<ErrorBody>('POST', '/api/orders', {
      token: ayesha.token,
      body: orderBody([{ product: tee, qty: 1 }], { deliveryNote: 'x'.repeat(501) }),
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'deliveryNote', message: 'Delivery note must be at most 500 characters' },
    ]);
    expect(await t.deps.store.headPosition()).toBe(head);
  });
});

describe('POST /api/admin/orders/{id}/notes', () => {
  it("adds a note with its author and time; the admin's order view lists them oldest first", async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const first = await note(order.id, admin, { text: '  Customer asked for a call at 5pm  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      text: 'Customer asked for a call at 5pm',
      at: t.clock.now().toISOString(),
      by: { id: admin.id, name: 'Shop Admin' },
    });
    t.clock.advance(60_000);
    await note(order.id, admin, { text: 'Called: confirmed' });
    expect((await adminView(order.id)).notes?.map((n) => [n.text, n.by?.name])).toEqual([
      ['Customer asked for a call at 5pm', 'Shop Admin'],
      ['Called: confirmed', 'Shop Admin'],
    ]);
  });

  it('is never shown to the shopper, and a shopper calling it gets 403', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await note(order.id, admin, { text: 'Suspicious address' });
    const refused = await note(order.id, ayesha, { text: 'let me in' });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const own = await t.request<Order>('GET', `/api/orders/${order.id}`, { token: ayesha.token });
    const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: ayesha.token,
    });
    const mine = await t.request<Order[]>('GET', '/api/orders/myorders', { token: ayesha.token });
    for (const seen of [own.body, tracking.body, mine.body]) {
      expect(JSON.stringify(seen)).not.toContain('Suspicious address');
    }
    expect(own.body.notes).toBeUndefined();
  });

  it('refuses an empty or too long note with 400 and an unknown order with 404, appending nothing', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const head = await t.deps.store.headPosition();
    for (const [body, message] of [
      [{ text: '   ' }, 'Note is required'],
      [{}, 'Note is required'],
      [{ text: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
    ] as const) {
      const refused = await note(order.id, admin, body);
      expect([refused.status, refused.body.fields], JSON.stringify(body)).toEqual([
        400,
        [{ field: 'text', message }],
      ]);
    }
    expect((await note('no-such-order', admin, { text: 'hello' })).status).toBe(404);
    expect(await t.deps.store.headPosition()).toBe(head);
  });
});
