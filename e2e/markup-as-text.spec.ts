import { describe, expect } from 'vitest';
import { test, visible } from './support/fixtures';
import { ShopApi } from './support/shop-api';

/** Markup a hostile shopper or a careless admin might type; it must reach the screen as text. */
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';

describe('text from shoppers and admins shows as text, never as markup', () => {
  test('a review and a product description holding HTML and script render literally', async ({
    server,
    page,
  }) => {
    const api = new ShopApi(server.url);
    const admin = await api.login(server.admin.email, server.admin.password);
    const product = await api.ok<{ id: string; name: string }>('POST', '/api/products', {
      token: admin.token,
      body: {
        name: 'Markup Tee <i>italic?</i>',
        description: `Soft cotton. ${HOSTILE}`,
        category: 'Tops',
        price: 1999,
        image: '/images/breeze-dri-fit-tee.webp',
        sizes: ['MD'],
        stockBySize: { MD: 5 },
      },
    });
    const shopper = await api.register('Mallory', 'mallory@example.pk', '0300-1234567');
    const bought = (await api.products()).find((candidate) => candidate.id === product.id);
    if (!bought) throw new Error('the new product is in the catalogue');
    await api.deliver(admin, (await api.placeCodOrder(shopper, bought)).id);
    await api.postReview(shopper, product.id, `Great fit. ${HOSTILE}`, 5);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/product/${product.id}`);

    await visible(page.getByRole('heading', { name: 'Markup Tee <i>italic?</i>' }));
    await visible(page.getByText(`Soft cotton. ${HOSTILE}`, { exact: true }));
    await visible(page.getByText(`Great fit. ${HOSTILE}`, { exact: true }));
    expect(await page.locator('main img[src="x"], main b, main i').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
