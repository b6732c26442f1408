import type { Order, Product } from '@shop/contracts';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';
import { createProduct, deliver, placeOrderOk } from '../orders/order-test-kit';

/** The shop of the returns API tests, its people, and an order delivered to return. */

export const DAY_MS = 86_400_000;

// The shop and its people, set before each test; imported as live bindings.
export let t: TestShop;
export let admin: SignedInUser;
export let ayesha: SignedInUser;
export let bilal: SignedInUser;
export let tee: Product;
export let shorts: Product;

/** Opens the shop at 2 May 2024, 08:00 UTC, for each test: an admin, Ayesha and Bilal, a tee and shorts. */
export function useReturnsShop() {
  it.override('shopOptions', () => ({ clock: testClock('2024-05-02T08:00:00.000Z') }));
  it.beforeEach(async ({ shop }) => {
    t = shop;
    admin = await signInAdmin(t, { name: 'Shop Admin' });
    ayesha = await registerUser(t, { name: 'Ayesha' });
    bilal = await registerUser(t, { name: 'Bilal' });
    tee = await createProduct(t, admin, { name: 'Running Tee', price: 2_000, countInStock: 10 });
    shorts = await createProduct(t, admin, { name: 'Shorts', price: 1_000, countInStock: 10, sizes: [] });
  });
}

/** Ayesha's order of 2 tees and 1 shorts, delivered now. */
export async function deliveredOrder(user = ayesha): Promise<Order> {
  const order = await placeOrderOk(t, user, [
    { product: tee, qty: 2 },
    { product: shorts, qty: 1 },
  ]);
  return deliver(t, admin, order.id);
}

export const headAfter = async (call: () => Promise<unknown>) => {
  const head = await t.deps.store.headPosition();
  await call();
  return (await t.deps.store.headPosition()) - head;
};
