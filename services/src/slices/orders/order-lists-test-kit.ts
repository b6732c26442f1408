import {
  DEFAULT_SHIPPING,
  type ErrorBody,
  fromMinor,
  type Order,
  type Page,
  type Product,
  priceOrder,
  toMinor,
} from '@shop/contracts';
import { expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { createProduct, placeOrderOk, setStatus } from './order-test-kit';

/** The shop of the admin lists' tests, its people, and helpers that page through the lists. */

// The shop and its people, set before each test by useListsShop; imports of live bindings, so a test
// file reads them as if they were its own.
export let t: TestShop;
export let admin: SignedInUser;
export let ayesha: SignedInUser;
export let bilal: SignedInUser;
export let tee: Product;

/** Opens the shop for each test of the file: an admin, Ayesha and Bilal, and a tee to order. */
export function useListsShop() {
  it.beforeEach(async ({ shop }) => {
    t = shop;
    admin = await signInAdmin(t, { name: 'Shop Admin' });
    ayesha = await registerUser(t, { name: 'Ayesha Khan', contact: '0300-1234567' });
    bilal = await registerUser(t, { name: 'Bilal Ahmed', contact: '0321-7654321' });
    tee = await createProduct(t, admin, { name: 'Running Tee', price: TEE_PRICE, countInStock: 1_000 });
  });
}

type Answer<Body> = Body & ErrorBody;
export const get = <Body>(path: string, user: SignedInUser = admin) =>
  t.request<Answer<Body>>('GET', path, { token: user.token });

/** Every page of a list from the first on, following `nextCursor`; each page's rows and total. */
export async function pageThrough<T>(path: string, between: () => Promise<void> = async () => {}) {
  const pages: { items: T[]; total: number }[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
    const page = await get<Page<T>>(url);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push({ items: page.body.items, total: page.body.total });
    cursor = page.body.nextCursor;
    if (cursor) await between();
  } while (cursor);
  return pages;
}

/** The tee's price in PKR; every order below is of tees only. */
const TEE_PRICE = 40;
/** What an order of `qty` tees costs, in PKR, by the shop's pricing rule (the test shop's default shipping). */
export function priceOfTees(qty: number) {
  const priced = priceOrder([{ unitPrice: toMinor(TEE_PRICE), qty }], false, DEFAULT_SHIPPING);
  return {
    itemsPrice: fromMinor(priced.itemsPrice),
    discount: fromMinor(priced.discount),
    shippingPrice: fromMinor(priced.shippingPrice),
    totalPrice: fromMinor(priced.totalPrice),
  };
}
export const totalOfTees = (qty: number) => priceOfTees(qty).totalPrice;

export const idsOf = (pages: { items: { id: string }[] }[]) =>
  pages.flatMap((page) => page.items.map((o) => o.id));

/** Places an order at a given moment, shipped to `phone`, for `qty` tees, paid by `paymentMethod`. */
export async function orderAt(
  at: string,
  buyer: SignedInUser,
  options: { qty?: number; phone?: string; paymentMethod?: 'COD' | 'Card' } = {},
): Promise<Order> {
  t.clock.set(at);
  return placeOrderOk(t, buyer, [{ product: tee, qty: options.qty ?? 1 }], {
    paymentMethod: options.paymentMethod ?? 'COD',
    shippingAddress: {
      fullName: buyer.name,
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: options.phone ?? buyer.contact ?? '0300-1234567',
    },
  });
}

/** Six orders of Ayesha's and Bilal's over four shop days, in every status and payment; answers them all. */
export async function placeSixOrders(): Promise<Order[]> {
  // 01:00 in Karachi on 2 May is still 1 May in UTC: days are the shop's.
  const a1 = await orderAt('2024-04-30T20:00:00.000Z', ayesha, { paymentMethod: 'Card' });
  const a2 = await orderAt('2024-05-01T20:00:00.000Z', ayesha, { qty: 3 });
  const a3 = await orderAt('2024-05-02T10:00:00.000Z', ayesha, { phone: '+92 300 1234567' });
  const b1 = await orderAt('2024-05-01T06:00:00.000Z', bilal, { paymentMethod: 'Card' });
  const b2 = await orderAt('2024-05-02T06:00:00.000Z', bilal, { qty: 2 });
  const b3 = await orderAt('2024-05-03T06:00:00.000Z', bilal, { paymentMethod: 'Card', qty: 2 });
  await setStatus(t, admin, a1.id, 'Paid');
  await setStatus(t, admin, b1.id, 'Paid');
  await setStatus(t, admin, b1.id, 'Dispatched');
  await setStatus(t, admin, b1.id, 'Delivered');
  await setStatus(t, admin, a2.id, 'Dispatched');
  await setStatus(t, admin, b3.id, 'Cancelled');
  await setStatus(t, admin, b2.id, 'Paid');
  const orders = (await get<Order[]>('/api/orders')).body;
  expect(orders.map((o) => o.id).sort()).toEqual([a1, a2, a3, b1, b2, b3].map((o) => o.id).sort());
  return orders;
}
