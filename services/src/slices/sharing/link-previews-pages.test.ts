import { describe, expect } from 'vitest';
import { admin, crawl, it, listProduct, t, useLinkPreviewShop } from './link-previews-test-kit';
import { headOf } from './page-test-kit';

useLinkPreviewShop();

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
