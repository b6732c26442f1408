import type { Order, Product, User } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, orderBody, placeOrderOk } from '../../slices/orders/order-test-kit';
import {
  aRegistration,
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';

describe('one customer cannot reach another customer', () => {
  let t: TestShop;
  let alice: SignedInUser;
  let mallory: SignedInUser;
  let order: Order;

  beforeAll(async () => {
    t = await openTestShop();
    const admin = await signInAdmin(t);
    const product = await createProduct(t, admin, { price: 40, countInStock: 5 });
    alice = await registerUser(t);
    mallory = await registerUser(t);
    order = await placeOrderOk(t, alice, [{ product, qty: 1 }]);
  });
  afterAll(() => t.close());

  it("answers 404 for another customer's order and its tracking, exactly as for an unknown id", async () => {
    for (const path of [`/api/orders/${order.id}`, `/api/orders/${order.id}/tracking`]) {
      const response = await t.request('GET', path, { token: mallory.token });
      const unknown = await t.request('GET', path.replace(order.id, 'no-such-order'), {
        token: mallory.token,
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(unknown.body);
      expect(JSON.stringify(response.body)).not.toContain(alice.email);
      expect((await t.request('GET', path, { token: alice.token })).status).toBe(200);
    }
    const mine = await t.request<Order[]>('GET', '/api/orders/myorders', { token: mallory.token });
    expect(mine.body).toEqual([]);
  });

  it("always answers the caller's own profile, whatever id or query the request carries", async () => {
    for (const path of [
      '/api/users/profile',
      `/api/users/profile?id=${alice.id}`,
      `/api/users/profile?userId=${alice.id}`,
    ]) {
      const response = await t.request<User>('GET', path, { token: mallory.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: mallory.id, email: mallory.email });
    }
    const put = await t.request<User>('PUT', '/api/users/profile', {
      token: mallory.token,
      body: { id: alice.id, userId: alice.id, name: 'Taken Over', email: mallory.email, contact: '' },
    });
    expect(put.status).toBe(200);
    expect(put.body.id).toBe(mallory.id);
    const aliceNow = await t.request<User>('GET', '/api/users/profile', { token: alice.token });
    expect(aliceNow.body.name).toBe(alice.name);
  });
});

describe('mass assignment: fields only the shop sets are never taken from a body', () => {
  let t: TestShop;
  let admin: SignedInUser;
  let product: Product;

  beforeAll(async () => {
    t = await openTestShop();
    admin = await signInAdmin(t);
    product = await createProduct(t, admin, { price: 40, countInStock: 5 });
  });
  afterAll(() => t.close());

  it('registers a plain customer whatever isAdmin or affiliateUseCount the body claims', async () => {
    const response = await t.request<User & { token: string }>('POST', '/api/auth/register', {
      body: { ...aRegistration(), isAdmin: true, affiliateUseCount: 99, role: 'admin' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ isAdmin: false, affiliateUseCount: 0 });
    const adminCall = await t.request('GET', '/api/admin/users', { token: response.body.token });
    expect(adminCall.status).toBe(403);
  });

  it('keeps a profile update from making its caller an admin or inflating their counts', async () => {
    const user = await registerUser(t);
    const response = await t.request<User>('PUT', '/api/users/profile', {
      token: user.token,
      body: { name: 'New Name', email: user.email, contact: '', isAdmin: true, affiliateUseCount: 42 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'New Name', isAdmin: false, affiliateUseCount: 0 });
    expect((await t.request('GET', '/api/admin/users', { token: user.token })).status).toBe(403);
  });

  it('refuses an order whose prices or totals were lowered, and keeps the stock', async () => {
    const user = await registerUser(t);
    const honest = orderBody([{ product, qty: 2 }]);
    const tampered = [
      { ...honest, itemsPrice: 0.01, totalPrice: 10.01 },
      { ...honest, totalPrice: 1 },
      {
        ...honest,
        orderItems: honest.orderItems.map((item) => ({ ...item, price: 0.01 })),
        itemsPrice: 0.02,
        totalPrice: 10.02,
      },
    ];
    for (const body of tampered) {
      const response = await t.request('POST', '/api/orders', { token: user.token, body });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'PRICE_CHANGED' });
    }
    const after = await t.request<Product>('GET', `/api/products/${product.id}`);
    expect(after.body.countInStock).toBe(product.countInStock);
  });

  it('prices each line from the catalogue and ignores isPaid, status and countInStock in an order body', async () => {
    const user = await registerUser(t);
    const honest = orderBody([{ product, qty: 1 }]);
    const response = await t.request<Order>('POST', '/api/orders', {
      token: user.token,
      body: {
        ...honest,
        orderItems: honest.orderItems.map((item) => ({ ...item, price: 0.01, countInStock: 1_000 })),
        isPaid: true,
        paidAt: '2024-01-01T00:00:00.000Z',
        isDelivered: true,
        status: 'Delivered',
        countInStock: 1_000,
        userId: admin.id,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ isPaid: false, isDelivered: false, status: 'Pending' });
    expect(response.body.userId).toBe(user.id);
    expect(response.body.orderItems[0]).toMatchObject({ price: product.price, qty: 1 });
    const after = await t.request<Product>('GET', `/api/products/${product.id}`);
    expect(after.body.countInStock).toBeLessThan(product.countInStock);
  });
});
