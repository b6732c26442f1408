import type { Product } from '@shop/contracts';
import sharp from 'sharp';
import { expect } from 'vitest';
import { test as shopTest } from '../../test-support/shop-test';
import { type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { aProductInput } from '../catalogue/test-builders';
import { aBuiltWebApp } from './page-test-kit';
import { PREVIEW_MAX_BYTES } from './preview-images';

/** The shop of the link-preview tests, serving a built web app, and what a crawler does to it. */

export const PUBLIC_URL = 'https://shop.example.pk';
/** What link-preview crawlers send: no JavaScript, any type. */
export const CRAWLER = { accept: '*/*', 'user-agent': 'WhatsApp/2.24.1 A' };

/** The shop test with a built web app for the shop to serve pages from, removed after the shop closes. */
export const it = shopTest.extend<{ web: ReturnType<typeof aBuiltWebApp> }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  web: async ({}, use) => {
    const web = aBuiltWebApp();
    await use(web);
    web.remove();
  },
});

// The shop and its admin, set before each test by useLinkPreviewShop; imported as live bindings.
export let t: TestShop;
export let admin: SignedInUser;

/** Opens the shop for each test of the file, serving the web app at PUBLIC_URL, with the admin signed in. */
export function useLinkPreviewShop() {
  it.override('shopOptions', ({ web }) => ({ webDist: web.dir, publicUrl: PUBLIC_URL }));
  it.beforeEach(async ({ shop }) => {
    t = shop;
    admin = await signInAdmin(t);
  });
}

export async function listProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: aProductInput({ name: 'Flex Leggings', price: 4999, countInStock: 5, ...overrides }),
  });
  expect(response.status).toBe(201);
  return response.body;
}

export const crawl = (path: string, headers: Record<string, string> = {}) =>
  t.request<string>('GET', path, { headers: { ...CRAWLER, ...headers } });

/** Fetches an absolute URL of the shop from the in-process server, as bytes. */
async function fetchAbsolute(url: string): Promise<Response> {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return t.shop.app.request(url.slice(PUBLIC_URL.length), { headers: CRAWLER });
}

export async function expectPreviewJpeg(url: string): Promise<Buffer> {
  const response = await fetchAbsolute(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.byteLength).toBeLessThan(PREVIEW_MAX_BYTES);
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  return bytes;
}
