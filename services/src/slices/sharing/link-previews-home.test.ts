import { describe, expect } from 'vitest';
import { registerUser } from '../../test-support/test-shop';
import { postReview } from '../orders/order-test-kit';
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

describe('absolute URLs without PUBLIC_URL', () => {
  it.override('shopOptions', ({ web }) => ({ webDist: web.dir }));

  it("start at the request's own origin, and one host's page is never served to another", async () => {
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
