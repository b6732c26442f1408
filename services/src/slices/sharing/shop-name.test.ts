import type { Product, ShopInfo } from '@shop/contracts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestShop, signInAdmin, TEST_SHOP_ENV, type TestShop } from '../../test-support/test-shop';
import { aProductInput } from '../catalogue/test-builders';
import { aBuiltWebApp, headOf } from './page-test-kit';

// SHOP_NAME is the one source of the shop's name: the built index.html still says the default.
const SHOP_NAME = 'Karachi Kit House';

let t: TestShop;
let web: ReturnType<typeof aBuiltWebApp>;

beforeEach(async () => {
  web = aBuiltWebApp();
  t = await openTestShop({ webDist: web.dir, env: { ...TEST_SHOP_ENV, SHOP_NAME } });
});
afterEach(async () => {
  await t.close();
  web.remove();
});

it('names the configured shop in the first HTML of the home page and at GET /api/shop', async () => {
  const home = await t.request<string>('GET', '/', { headers: { accept: 'text/html' } });
  expect(home.status).toBe(200);
  const head = headOf(home.body);
  expect(head.title).toBe(SHOP_NAME);
  expect(head.meta('og:site_name')).toBe(SHOP_NAME);
  expect(head.meta('og:title')).toBe(SHOP_NAME);
  expect(home.body).not.toContain('Apex Athletics');

  const shop = await t.request<ShopInfo>('GET', '/api/shop');
  expect(shop.status).toBe(200);
  expect(shop.body.name).toBe(SHOP_NAME);
});

it("signs a product page's title and its schema.org seller with the configured name", async () => {
  const admin = await signInAdmin(t);
  const created = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: aProductInput({ name: 'Flex Leggings', price: 4999 }),
  });
  expect(created.status).toBe(201);

  const page = await t.request<string>('GET', `/product/${created.body.id}`, {
    headers: { accept: 'text/html' },
  });
  const head = headOf(page.body);
  expect(head.title).toBe(`Flex Leggings | ${SHOP_NAME}`);
  expect(head.jsonLd).toContainEqual(
    expect.objectContaining({
      offers: expect.objectContaining({ seller: { '@type': 'Organization', name: SHOP_NAME } }),
    }),
  );
});
