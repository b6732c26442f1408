import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { registerUser } from '../../test-support/test-shop';
import { aProductInput } from '../catalogue/test-builders';
import { deliveredOrderOf } from '../orders/order-test-kit';
import {
  admin,
  CRAWLER,
  crawl,
  expectPreviewJpeg,
  it,
  listProduct,
  PUBLIC_URL,
  t,
  useLinkPreviewShop,
} from './link-previews-test-kit';
import { headOf } from './page-test-kit';

useLinkPreviewShop();

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
