import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Product } from '@shop/contracts';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestShop,
  registerUser,
  type SignedInUser,
  signInAdmin,
  type TestShop,
} from '../../test-support/test-shop';
import { aProductInput } from '../catalogue/test-builders';
import { deliveredOrderOf, postReview } from '../orders/order-test-kit';
import { aBuiltWebApp, headOf } from './page-test-kit';
import { PREVIEW_MAX_BYTES } from './preview-images';

const PUBLIC_URL = 'https://shop.example.pk';
/** What link-preview crawlers send: no JavaScript, any type. */
const CRAWLER = { accept: '*/*', 'user-agent': 'WhatsApp/2.24.1 A' };

let t: TestShop;
let web: ReturnType<typeof aBuiltWebApp>;
let admin: SignedInUser;

beforeEach(async () => {
  web = aBuiltWebApp();
  t = await openTestShop({ webDist: web.dir, publicUrl: PUBLIC_URL });
  admin = await signInAdmin(t);
});
afterEach(async () => {
  await t.close();
  web.remove();
});

async function listProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
  const response = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: aProductInput({ name: 'Flex Leggings', price: 4999, countInStock: 5, ...overrides }),
  });
  expect(response.status).toBe(201);
  return response.body;
}

const crawl = (path: string, headers: Record<string, string> = {}) =>
  t.request<string>('GET', path, { headers: { ...CRAWLER, ...headers } });

/** Fetches an absolute URL of the shop from the in-process server, as bytes. */
async function fetchAbsolute(url: string): Promise<Response> {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return t.shop.app.request(url.slice(PUBLIC_URL.length), { headers: CRAWLER });
}

async function expectPreviewJpeg(url: string): Promise<Buffer> {
  const response = await fetchAbsolute(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.byteLength).toBeLessThan(PREVIEW_MAX_BYTES);
  const { format, width, height } = await sharp(bytes).metadata();
  expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  return bytes;
}

describe('a product link fetched as a link-preview crawler fetches it', () => {
  it('answers the app with the product in its title, description, Open Graph and Twitter tags', async () => {
    const product = await listProduct({
      description: 'High-waisted leggings that stay put through every squat.',
    });
    const response = await crawl(`/product/${product.id}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const head = headOf(response.body);
    const url = `${PUBLIC_URL}/product/${product.id}`;
    expect(head.title).toBe('Flex Leggings | Apex Athletics');
    expect(head.meta('description')).toBe(
      'PKR 4,999.00 · In stock. High-waisted leggings that stay put through every squat.',
    );
    expect(head.canonical).toBe(url);
    expect(head.meta('robots')).toBeUndefined();
    expect(head.meta('og:type')).toBe('product');
    expect(head.meta('og:title')).toBe('Flex Leggings');
    expect(head.meta('og:description')).toBe(head.meta('description'));
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:site_name')).toBe('Apex Athletics');
    expect(head.meta('og:price:amount')).toBe('4999.00');
    expect(head.meta('og:price:currency')).toBe('PKR');
    expect(head.meta('product:price:amount')).toBe('4999.00');
    expect(head.meta('product:availability')).toBe('in stock');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    expect(head.bootsTheApp).toBe(true);
    // Exactly one title and one description: the index.html's own were replaced, not added to.
    expect(head.document.querySelectorAll('title')).toHaveLength(1);
    expect(head.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('points og:image at a 1200x630 JPEG under 600 KB, made once and kept', async () => {
    const product = await listProduct();
    const image = headOf((await crawl(`/product/${product.id}`)).body).meta('og:image') ?? '';
    expect(image).toBe(`${PUBLIC_URL}/previews/images/flex-high-rise-leggings.jpg`);
    expect(headOf((await crawl(`/product/${product.id}`)).body).meta('og:image:width')).toBe('1200');

    const first = await expectPreviewJpeg(image);
    const second = await expectPreviewJpeg(image);
    expect(second.equals(first)).toBe(true);
    const kept = readFileSync(join(t.dataDir, 'cache/previews/images/flex-high-rise-leggings.jpg'));
    expect(kept.equals(first)).toBe(true);
  });

  it('carries schema.org Product JSON-LD with a PKR offer, its availability and the reviews', async () => {
    const product = await listProduct();
    const reviewers = [await registerUser(t, { name: 'Nida Khan' }), await registerUser(t, { name: 'Sana' })];
    await registerUser(t).then((drive) =>
      t.request('POST', '/api/reviews', {
        token: drive.token,
        body: { productId: product.id, rating: 1, comment: 'never bought it' },
      }),
    );
    for (const [index, reviewer] of reviewers.entries()) {
      await deliveredOrderOf(t, reviewer, product);
      t.clock.advance(1_000);
      const posted = await t.request('POST', '/api/reviews', {
        token: reviewer.token,
        body: { productId: product.id, rating: 4 + index, comment: 'Fits well' },
      });
      expect(posted.status).toBe(201);
    }
    const [jsonLd, ...more] = headOf((await crawl(`/product/${product.id}`)).body).jsonLd;

    expect(more).toEqual([]);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Flex Leggings',
      sku: product.id,
      url: `${PUBLIC_URL}/product/${product.id}`,
      offers: {
        '@type': 'Offer',
        price: '4999.00',
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(jsonLd?.review).toEqual([
      expect.objectContaining({
        '@type': 'Review',
        name: 'Verified buyer',
        author: { '@type': 'Person', name: 'Sana' },
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
      expect.objectContaining({ name: 'Verified buyer', author: { '@type': 'Person', name: 'Nida K.' } }),
    ]);
    expect(JSON.stringify(jsonLd)).not.toContain('never bought it');
    expect(jsonLd?.image).toContain(`${PUBLIC_URL}/images/flex-high-rise-leggings.webp`);
  });

  it('says out of stock, and claims no rating, for a sold-out product nobody reviewed', async () => {
    const product = await listProduct({ countInStock: 0 });
    const head = headOf((await crawl(`/product/${product.id}`)).body);
    expect(head.meta('product:availability')).toBe('out of stock');
    expect(head.meta('description')).toMatch(/^PKR 4,999\.00 · Out of stock\./);
    expect(head.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(head.jsonLd[0]).not.toHaveProperty('aggregateRating');
  });

  it('renders a hostile product name and description as text', async () => {
    const name = '</title><script>alert(1)</script>"\'&';
    const description = 'Soft </script><script>alert(2)</script> <!-- & "quoted"';
    const product = await listProduct({ name, description });
    const response = await crawl(`/product/${product.id}`);

    expect(response.body).not.toContain('<script>alert');
    const head = headOf(response.body);
    expect(head.title).toBe(`${name} | Apex Athletics`);
    expect(head.meta('og:title')).toBe(name);
    expect(head.meta('og:description')).toContain(description);
    expect(head.jsonLd[0]).toMatchObject({ name, description });
    // Only the app's entry and the JSON-LD are scripts.
    const scripts = [...head.document.querySelectorAll('script')].map((s) => s.getAttribute('type'));
    expect(scripts.sort()).toEqual(['application/ld+json', 'module']);
  });

  it('follows a change to the product at once', async () => {
    const product = await listProduct();
    expect(headOf((await crawl(`/product/${product.id}`)).body).meta('og:title')).toBe('Flex Leggings');
    const edited = await t.request('PUT', `/api/products/${product.id}`, {
      token: admin.token,
      body: aProductInput({ name: 'Flex Leggings II', price: 5499, countInStock: 5 }),
    });
    expect(edited.status).toBe(200);
    const head = headOf((await crawl(`/product/${product.id}`)).body);
    expect(head.meta('og:title')).toBe('Flex Leggings II');
    expect(head.meta('og:price:amount')).toBe('5499.00');
  });

  it('sends the page compressed to a browser that accepts brotli, and HEAD without a body', async () => {
    const product = await listProduct();
    const plain = await crawl(`/product/${product.id}`);
    const compressed = await t.shop.app.request(`/product/${product.id}`, {
      headers: { ...CRAWLER, 'accept-encoding': 'br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(plain.body);
    const head = await t.shop.app.request(`/product/${product.id}`, { method: 'HEAD', headers: CRAWLER });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
  });
});

describe('the home page, the shopping page and an affiliate link', () => {
  async function anAffiliateCode(): Promise<string> {
    const product = await listProduct();
    const affiliate = await registerUser(t, { name: 'Zara Affiliate' });
    await postReview(t, affiliate, product);
    const request = await t.request<{ id: string }>('POST', '/api/affiliate', { token: affiliate.token });
    const approved = await t.request<{ code: string }>('PUT', `/api/affiliate/${request.body.id}/approve`, {
      token: admin.token,
    });
    expect(approved.status).toBe(200);
    return approved.body.code;
  }

  it("shows the shop's own card on the home page", async () => {
    const response = await crawl('/');
    expect(response.status).toBe(200);
    const head = headOf(response.body);
    expect(head.title).toBe('Apex Athletics');
    expect(head.canonical).toBe(`${PUBLIC_URL}/`);
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:title')).toBe('Apex Athletics');
    expect(head.meta('og:description')).toBe(
      'Premium fitness apparel: performance wear for training, running and recovery.',
    );
    expect(head.meta('og:url')).toBe(`${PUBLIC_URL}/`);
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.bootsTheApp).toBe(true);
    await expectPreviewJpeg(head.meta('og:image') ?? '');
  });

  it('names the 5% discount in the card of an affiliate link, which keeps the code', async () => {
    const code = await anAffiliateCode();
    const head = headOf((await crawl(`/?ref=${code.toLowerCase()}`)).body);
    expect(head.meta('og:title')).toBe('Get 5% off at Apex Athletics');
    expect(head.meta('og:description')).toContain(`code ${code} takes 5% off your order`);
    expect(head.meta('twitter:title')).toBe('Get 5% off at Apex Athletics');
    expect(head.meta('og:url')).toBe(`${PUBLIC_URL}/?ref=${code}`);
    expect(head.canonical).toBe(`${PUBLIC_URL}/`);
    await expectPreviewJpeg(head.meta('og:image') ?? '');
  });

  it('shows the plain home card for a code that is no affiliate', async () => {
    await anAffiliateCode();
    const head = headOf((await crawl('/?ref=NOSUCHCODE')).body);
    expect(head.meta('og:title')).toBe('Apex Athletics');
    expect(head.meta('og:url')).toBe(`${PUBLIC_URL}/`);
  });

  it('gives the shopping page, whatever its filters, one canonical address', async () => {
    const head = headOf((await crawl('/shopping?category=Tops&sort=price-asc')).body);
    expect(head.title).toBe('Premium Collection | Apex Athletics');
    expect(head.meta('og:title')).toBe('Premium Collection | Apex Athletics');
    expect(head.canonical).toBe(`${PUBLIC_URL}/shopping`);
  });
});

describe('what answers HTML and what answers 404', () => {
  it('answers every client route with the app, whatever the Accept header', async () => {
    for (const accept of ['*/*', 'application/json', 'text/html']) {
      const response = await crawl('/cart', { accept });
      expect([response.status, response.headers.get('content-type')]).toEqual([
        200,
        'text/html; charset=utf-8',
      ]);
      expect(headOf(response.body).bootsTheApp).toBe(true);
    }
    expect((await crawl('/track/some-order-id')).status).toBe(200);
  });

  it('keeps admin and account pages out of search results', async () => {
    for (const path of ['/admin/orders', '/profile', '/order/abc', '/checkout']) {
      const response = await crawl(path);
      expect(response.status, path).toBe(200);
      expect(headOf(response.body).meta('robots'), path).toBe('noindex');
    }
    expect(headOf((await crawl('/blog')).body).meta('robots')).toBeUndefined();
  });

  it("answers an unknown page, an unknown product and a deleted one with the app's not-found page and 404", async () => {
    const product = await listProduct();
    const deleted = await t.request('DELETE', `/api/products/${product.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    for (const path of ['/no-such-page', '/product/no-such-product', `/product/${product.id}`, '/%E0%A4%A']) {
      const response = await crawl(path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        404,
        'text/html; charset=utf-8',
      ]);
      const head = headOf(response.body);
      expect(head.meta('robots')).toBe('noindex');
      expect(head.meta('og:title')).toBeUndefined();
      expect(head.bootsTheApp).toBe(true);
    }
  });

  it('keeps JSON for the API and for a missing file', async () => {
    for (const path of ['/api/anything-unknown', '/missing-picture.png']) {
      const response = await crawl(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const preview = await crawl('/previews/images/no-such-picture.jpg');
    expect([preview.status, (preview.body as unknown as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('absolute URLs without PUBLIC_URL', () => {
  it("start at the request's own origin, and one host's page is never served to another", async () => {
    await t.close();
    t = await openTestShop({ webDist: web.dir });
    admin = await signInAdmin(t);
    const product = await listProduct();
    const at = async (host: string) => {
      const response = await t.shop.app.request(`http://${host}/product/${product.id}`, { headers: CRAWLER });
      return headOf(await response.text());
    };
    expect((await at('localhost:3000')).meta('og:url')).toBe(`http://localhost:3000/product/${product.id}`);
    expect((await at('evil.example')).meta('og:url')).toBe(`http://evil.example/product/${product.id}`);
    expect((await at('localhost:3000')).meta('og:image')).toMatch(/^http:\/\/localhost:3000\/previews\//);
  });
});
