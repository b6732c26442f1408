import type { ConfirmedByLink, ErrorBody, Order } from '@shop/contracts';
import { afterEach } from 'vitest';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  TEST_SHOP_ENV,
  type TestShop,
} from '../../../test-support/test-shop';
import { createProduct } from '../order-test-kit';
import { confirmationToken } from './confirmation-link';

/** A shop with the COD settings a test needs, and the confirmation helpers its tests share. */

// The shop of the test, opened by shopWith; imported as a live binding.
export let t: TestShop;

/** Closes the shop shopWith opened after each test of the file. */
export function closeShopAfterEach() {
  afterEach(() => t.close());
}

export const WINDOW = 'COD_CONFIRMATION_WINDOW';

/** Opens a shop with these COD settings, an admin, Ayesha and a tee. */
export async function shopWith(env: Record<string, string> = {}) {
  t = await openTestShop({ env: { ...TEST_SHOP_ENV, ...env } });
  const admin = await signInAdmin(t);
  const ayesha = await registerUser(t, { name: 'Ayesha' });
  const tee = await createProduct(t, admin, { name: 'Running Tee', price: 40, countInStock: 10 });
  return { admin, ayesha, tee };
}

export const orderOf = async (user: SignedInUser, id: string) =>
  (await t.request<Order>('GET', `/api/orders/${id}`, { token: user.token })).body;
export const confirmByLink = (token: string) =>
  t.request<ConfirmedByLink & ErrorBody>('POST', '/api/orders/confirm', { body: { token } });
export const tokenFor = (order: Order) =>
  confirmationToken(t.deps, order.id, order.confirmation?.expiresAt ?? null);
