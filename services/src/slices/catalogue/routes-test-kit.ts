import type { Product } from '@shop/contracts';
import { expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { aProductInput } from './test-builders';

/** The shop of the catalogue API tests, with the admin signed in, and a product creator. */

// The shop and its people, set before each test; imported as live bindings.
export let t: TestShop;
export let admin: SignedInUser;

/** Opens the shop for each test of the file, with the admin signed in. */
export function useCatalogueShop() {
  it.beforeEach(async ({ shop }) => {
    t = shop;
    admin = await signInAdmin(t);
  });
}

export const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: aProductInput(overrides),
  });
  expect(response.status).toBe(201);
  return response.body;
};
