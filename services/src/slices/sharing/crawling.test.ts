import { NO_STREAM, streams } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../../test-support/test-shop';
import { aProductCreated } from '../catalogue/test-builders';
import { aBuiltWebApp, parseXml } from './page-test-kit';

const PUBLIC_URL = 'https://shop.example.pk';
const PRODUCTS = 10_000;

let t: TestShop;
let web: ReturnType<typeof aBuiltWebApp>;
const ids: string[] = [];

beforeAll(async () => {
  web = aBuiltWebApp();
  t = await openTestShop({ webDist: web.dir, publicUrl: PUBLIC_URL });
  // Ten thousand products straight into the log (as an import would), then one deleted.
  let position = 0;
  for (let i = 0; i < PRODUCTS; i++) {
    const productId = `p-${String(i).padStart(5, '0')}`;
    ids.push(productId);
    const created = aProductCreated({ productId, name: `Product ${i}`, at: '2024-05-01T10:00:00.000Z' });
    ({ position } = await t.deps.store.append(streams.product(productId), [created], {
      expectedRevision: NO_STREAM,
    }));
  }
  ({ position } = await t.deps.store.append(
    streams.product(ids[17]!),
    [{ type: 'ProductDeleted', data: { productId: ids[17]!, at: '2024-05-03T10:00:00.000Z' } }],
    { expectedRevision: 0 },
  ));
  expect(await t.deps.projections.waitForPosition(position, 60_000)).toBe(true);
}, 120_000);
afterAll(async () => {
  await t.close();
  web.remove();
});

describe('GET /sitemap.xml', () => {
  it('lists the home page, the shopping page and every product on sale with its last change', async () => {
    const response = await t.request<string>('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = parseXml(response.body);
    expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');

    const urls = [...xml.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    const live = ids.filter((id) => id !== ids[17]);
    expect(urls.slice(0, 2)).toEqual([
      { loc: `${PUBLIC_URL}/`, lastmod: undefined },
      { loc: `${PUBLIC_URL}/shopping`, lastmod: undefined },
    ]);
    expect(urls.slice(2)).toEqual(
      live.map((id) => ({ loc: `${PUBLIC_URL}/product/${id}`, lastmod: '2024-05-01T10:00:00.000Z' })),
    );
    expect(urls.filter(({ loc }) => /\/(admin|profile|order|checkout|api)\b/.test(loc ?? ''))).toEqual([]);
  });

  it('keeps answering other requests while it streams', async () => {
    const sitemap = await t.shop.app.request('/sitemap.xml');
    const reader = sitemap.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('<urlset');
    // The catalogue is read a page at a time, so a request in between is answered meanwhile.
    const product = await t.request('GET', `/api/products/${ids[5]}`);
    expect(product.status).toBe(200);
    let chunks = 1;
    while (!(await reader.read()).done) chunks++;
    expect(chunks).toBeGreaterThan(10);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the admin, the API and the account pages, and names the sitemap', async () => {
    const response = await t.request<string>('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/admin',
      '/api/',
      '/profile',
      '/order/',
      '/track',
      '/review',
      '/affiliate/request',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: /product') || line === 'Disallow: /')).toEqual(
      [],
    );
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
