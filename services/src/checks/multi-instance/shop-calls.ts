import { randomUUID } from 'node:crypto';
import { DEFAULT_SHIPPING, fromMinor, type Product, shippingFor, toMinor } from '@shop/contracts';
import { expect } from 'vitest';
import { callShop, type ShopProcess } from '../../test-support/shop-process';
// Calls to the shop instances of the multi-instance test, over HTTP as a user would make them.

export const ADMIN = { email: 'multi-admin@example.pk', password: 'multi admin password' };
const PRICE = 40;
const ADDRESS = {
  fullName: 'Multi Shopper',
  address: '1 Mall Road',
  city: 'Lahore',
  postalCode: '54000',
  country: 'Pakistan',
  phone: '0300-1234567',
};

/** The three instances, in the order they were started. */
export const shops: ShopProcess[] = [];

export const api = callShop;

export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const orderBody = (qty: number) => (productId: string) => {
  const itemsPrice = PRICE * qty;
  const shippingPrice = fromMinor(shippingFor(toMinor(itemsPrice), DEFAULT_SHIPPING));
  return {
    orderItems: [{ product: productId, qty, price: PRICE, size: '' }],
    shippingAddress: ADDRESS,
    paymentMethod: 'COD',
    itemsPrice,
    shippingPrice,
    totalPrice: itemsPrice + shippingPrice,
  };
};

export async function createProduct(
  shop: ShopProcess,
  token: string,
  name: string,
  stock: number,
): Promise<string> {
  const created = await api<{ id: string }>(shop, 'POST', '/api/products', {
    token,
    body: {
      name,
      description: 'Sold by three instances.',
      category: 'Shirts',
      price: PRICE,
      image: '/images/airlift-high-support-bra.webp',
      sizes: [],
      countInStock: stock,
    },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

let buyers = 0;

/**
 * Registers a buyer on `shop`, then waits until every instance knows them. Each buyer comes from an
 * address of their own, as the proxy in front of the shops (this test, trusted) says: registrations
 * are throttled per client network.
 */
export async function registerBuyer(shop: ShopProcess): Promise<{ id: string; token: string }> {
  buyers += 1;
  const registered = await api<{ id: string; token: string }>(shop, 'POST', '/api/auth/register', {
    headers: { 'x-forwarded-for': `10.0.${Math.floor(buyers / 250)}.${(buyers % 250) + 1}` },
    body: {
      name: 'Multi Shopper',
      email: `buyer-${randomUUID()}@example.pk`,
      contact: '0300-1234567',
      password: 'multi shopper password',
    },
  });
  expect(registered.status).toBe(201);
  for (const other of shops) {
    const seen = await eventually(
      () => api(other, 'GET', '/api/orders/myorders', { token: registered.body.token }),
      (answer) => answer.status === 200,
      15_000,
    );
    expect(seen.status).toBe(200);
  }
  return registered.body;
}

export const stockOn = async (shop: ShopProcess, productId: string) =>
  (await api<Product>(shop, 'GET', `/api/products/${productId}`)).body?.countInStock;
