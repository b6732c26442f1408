import type { ErrorBody, Order, OrderTracking, Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, placeOrderOk, setStatus } from './order-test-kit';

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let bilal: SignedInUser;
let tee: Product;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t, { name: 'Shop Admin' });
  ayesha = await registerUser(t, { name: 'Ayesha' });
  bilal = await registerUser(t, { name: 'Bilal' });
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 10 });
});

const get = <Body>(path: string, user: SignedInUser) =>
  t.request<Body & ErrorBody>('GET', path, { token: user.token });
const put = (path: string, user: SignedInUser, body: unknown = {}) =>
  t.request<Order & ErrorBody>('PUT', path, { token: user.token, body });

describe('reading orders', () => {
  it("a customer lists their own orders, newest first, and opens each; another customer's answers 404", async () => {
    const first = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    t.clock.advance(60_000);
    const second = await placeOrderOk(t, ayesha, [{ product: tee, qty: 2 }]);
    await placeOrderOk(t, bilal, [{ product: tee, qty: 1 }]);

    const mine = await get<Order[]>('/api/orders/myorders', ayesha);
    expect(mine.body.map((o) => o.id)).toEqual([second.id, first.id]);

    const one = await get<Order>(`/api/orders/${first.id}`, ayesha);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, totalPrice: 240 });
    expect(one.body.OrderItems).toEqual(one.body.orderItems);
    expect(one.body.OrderItems[0]?.Product).toEqual({
      id: tee.id,
      name: 'Running Tee',
      image: tee.image,
      thumbnail: tee.thumbnail,
      category: tee.category,
      countInStock: 6,
    });
    expect(one.body.statusHistory).toBeUndefined();

    for (const path of [`/api/orders/${first.id}`, `/api/orders/${first.id}/tracking`]) {
      const theirs = await get(path, bilal);
      expect([theirs.status, theirs.body.message]).toEqual([404, 'Order not found']);
    }
    expect((await get('/api/orders/no-such-order', ayesha)).status).toBe(404);
  });

  it('an admin lists every order with its User and OrderItems', async () => {
    await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    t.clock.advance(1_000);
    await placeOrderOk(t, bilal, [{ product: tee, qty: 3 }]);
    const all = await get<Order[]>('/api/orders', admin);
    expect(all.status).toBe(200);
    expect(all.body.map((o) => [o.User?.name, o.OrderItems.map((i) => i.qty)])).toEqual([
      ['Bilal', [3]],
      ['Ayesha', [1]],
    ]);
  });

  it('the tracking call answers the order, its progress and a timeline from its real events', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const placedAt = t.clock.now().toISOString();
    t.clock.advance(3_600_000);
    await setStatus(t, admin, order.id, 'Processing');
    const processingAt = t.clock.now().toISOString();

    const tracking = await get<OrderTracking>(`/api/orders/${order.id}/tracking`, ayesha);
    expect(tracking.status).toBe(200);
    expect(tracking.body.order.id).toBe(order.id);
    expect(tracking.body.progress).toBe(25);
    expect(tracking.body.timeline.map((s) => [s.key, s.state, s.at])).toEqual([
      ['placed', 'done', placedAt],
      ['processing', 'current', processingAt],
    ]);

    t.clock.advance(3_600_000);
    await setStatus(t, admin, order.id, 'Shipped');
    t.clock.advance(3_600_000);
    await setStatus(t, admin, order.id, 'Delivered');
    const done = await get<OrderTracking>(`/api/orders/${order.id}/tracking`, admin);
    expect(done.body.progress).toBe(100);
    expect(done.body.timeline.map((s) => s.key)).toEqual([
      'placed',
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
  });
});

describe('PUT /api/admin/orders/{id}/status', () => {
  it('moves the order, records who and when, and answers the admin view with its history', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }], { paymentMethod: 'Card' });
    t.clock.advance(1_000);
    const paidAt = t.clock.now().toISOString();
    const paid = await setStatus(t, admin, order.id, 'Paid');
    expect(paid).toMatchObject({ status: 'Paid', isPaid: true, paidAt, isDelivered: false });
    expect(paid.statusHistory).toEqual([
      { from: 'Pending', to: 'Paid', at: paidAt, by: { id: admin.id, name: 'Shop Admin' } },
    ]);
    const adminView = await get<Order>(`/api/orders/${order.id}`, admin);
    expect(adminView.body.statusHistory).toHaveLength(1);
    const ownerView = await get<Order>(`/api/orders/${order.id}`, ayesha);
    expect(ownerView.body).toMatchObject({ isPaid: true, paidAt });
    expect(ownerView.body.statusHistory).toBeUndefined();
  });

  it('marks a COD order paid when it is delivered', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    await setStatus(t, admin, order.id, 'Dispatched');
    t.clock.advance(5_000);
    const at = t.clock.now().toISOString();
    const delivered = await setStatus(t, admin, order.id, 'Delivered');
    expect(delivered).toMatchObject({ isDelivered: true, deliveredAt: at, isPaid: true, paidAt: at });
  });

  it('refuses a change the state machine forbids, and a change to the same status, with 409', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const same = await put(`/api/admin/orders/${order.id}/status`, admin, { status: 'Pending' });
    expect([same.status, same.body.message]).toEqual([
      409,
      'Cannot change an order from Pending to Pending.',
    ]);
    const skip = await put(`/api/admin/orders/${order.id}/status`, admin, { status: 'Delivered' });
    expect([skip.status, skip.body.message]).toEqual([
      409,
      'Cannot change an order from Pending to Delivered.',
    ]);
    await setStatus(t, admin, order.id, 'Cancelled');
    const revive = await put(`/api/admin/orders/${order.id}/status`, admin, { status: 'Paid' });
    expect([revive.status, revive.body.message]).toEqual([
      409,
      'Cannot change an order from Cancelled to Paid.',
    ]);
  });

  it('gives the stock back when an order is cancelled', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 4 }]);
    expect((await t.request<Product>('GET', `/api/products/${tee.id}`)).body.countInStock).toBe(6);
    await setStatus(t, admin, order.id, 'Cancelled');
    expect((await t.request<Product>('GET', `/api/products/${tee.id}`)).body.countInStock).toBe(10);
  });

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    expect((await put('/api/admin/orders/nope/status', admin, { status: 'Paid' })).status).toBe(404);
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const bad = await put(`/api/admin/orders/${order.id}/status`, admin, { status: 'Lost' });
    expect([bad.status, bad.body.fields?.[0]?.field]).toEqual([400, 'status']);
  });
});

describe('admin calls', () => {
  it('refuse a customer with 403 and a visitor with 401', async () => {
    const order = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const calls: [string, string][] = [
      ['GET', '/api/orders'],
      ['PUT', `/api/admin/orders/${order.id}/status`],
      ['GET', '/api/admin/metrics'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'PUT' ? { status: 'Paid' } : undefined;
      const asCustomer = await t.request<ErrorBody>(method, path, { token: ayesha.token, body });
      expect([path, asCustomer.status, asCustomer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
    const unchanged = await get<Order>(`/api/orders/${order.id}`, ayesha);
    expect(unchanged.body.status).toBe('Pending');
  });
});
