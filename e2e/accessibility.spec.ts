import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { test, visible } from './support/fixtures';
import { type ApiOrder, type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';

/**
 * axe-core scans of every screen of the shop against the real server: no serious or critical
 * violation anywhere. Pages are scanned once their content (not a spinner) is on screen.
 */

interface Scene {
  shopper: SignedInUser;
  admin: SignedInUser;
  product: ApiProduct;
  order: ApiOrder;
}

let scene: Scene | undefined;

/** Waits for the route's content: the main heading, then no request in flight. */
async function settle(page: Page): Promise<void> {
  await visible(page.locator('main h1').first());
  await page.waitForLoadState('networkidle');
  // Spinners and skeletons give way to content once the calls have answered.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}

type Who = 'guest' | 'shopper' | 'admin';

const SHOPPER_PAGES: readonly { path: (s: Scene) => string; who: Who }[] = [
  { path: () => '/', who: 'guest' },
  { path: () => '/shopping', who: 'guest' },
  { path: (s) => `/product/${s.product.id}`, who: 'guest' },
  { path: () => '/cart', who: 'guest' },
  { path: () => '/login', who: 'guest' },
  { path: () => '/register', who: 'guest' },
  { path: () => '/forgot-password', who: 'guest' },
  { path: () => '/terms', who: 'guest' },
  { path: () => '/privacy', who: 'guest' },
  { path: () => '/contact', who: 'guest' },
  { path: () => '/blog', who: 'guest' },
  { path: () => '/checkout', who: 'shopper' },
  { path: () => '/profile', who: 'shopper' },
  { path: () => '/track', who: 'shopper' },
  { path: () => '/review', who: 'shopper' },
  { path: () => '/affiliate/request', who: 'shopper' },
  { path: (s) => `/order/${s.order.id}`, who: 'shopper' },
  { path: (s) => `/track/${s.order.id}`, who: 'shopper' },
];

const ADMIN_PAGES: readonly { path: (s: Scene) => string }[] = [
  { path: () => '/admin' },
  { path: () => '/admin/create' },
  { path: (s) => `/admin/edit/${s.product.id}` },
  { path: () => '/admin/orders' },
  { path: () => '/admin/affiliates' },
  { path: () => '/admin/customers' },
  { path: () => '/admin/reviews' },
];

describe('accessibility', () => {
  async function setUp(baseURL: string, adminEmail: string, adminPassword: string): Promise<Scene> {
    if (scene) return scene;
    const api = new ShopApi(baseURL);
    const shopper = await api.register('Ayesha Khan', 'ayesha.a11y@example.com', '0300-1234567');
    const products = await api.products();
    const product = products.find((candidate) => candidate.countInStock > 2);
    if (!product) throw new Error('the demo catalogue has no product in stock');
    const order = await api.placeCodOrder(shopper, product);
    await api.postReview(shopper, product.id, 'Fits well and the fabric breathes.');
    await api.requestAffiliate(shopper);
    const admin = await api.login(adminEmail, adminPassword);
    scene = { shopper, admin, product, order };
    return scene;
  }

  async function open(page: Page, path: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
    await page.goto(path);
    await settle(page);
    // Scan the page asked for: not a guard's redirect, not the not-found page of a missing route.
    const landed = new URL(page.url()).pathname;
    if (landed !== path.split('?')[0]) throw new Error(`${path} redirected to ${landed}`);
    if ((await page.getByRole('heading', { name: 'Page not found' }).count()) > 0) {
      throw new Error(`${path} shows the not-found page`);
    }
  }

  for (const { path, who } of SHOPPER_PAGES) {
    test(`shopper page ${path({ product: { id: '{product}' }, order: { id: '{order}' } } as Scene)} (${who})`, async ({
      page,
      context,
      server,
    }) => {
      const s = await setUp(server.url, server.admin.email, server.admin.password);
      if (who === 'shopper') await storeSession(context, s.shopper);
      await seedCart(page, s.product);
      const url = path(s);
      for (const width of [1280, 390]) {
        await open(page, url, width);
        await expectNoSeriousViolations(page, `${url} at ${width} px`);
      }
    });
  }

  for (const { path } of ADMIN_PAGES) {
    test(`admin page ${path({ product: { id: '{product}' } } as Scene)}`, async ({
      page,
      context,
      server,
    }) => {
      const s = await setUp(server.url, server.admin.email, server.admin.password);
      await storeSession(context, s.admin);
      const url = path(s);
      for (const width of [1280, 390]) {
        await open(page, url, width);
        await expectNoSeriousViolations(page, `${url} at ${width} px`);
      }
    });
  }

  test('not-found states: an unknown address and an unknown product', async ({ page }) => {
    for (const [url, heading] of [
      ['/no-such-page', 'Page not found'],
      ['/product/no-such-product', 'Product Not Found'],
    ] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
        await page.goto(url);
        await visible(page.getByRole('heading', { name: heading }));
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${url} at ${width} px`);
      }
    }
  });

  test('opened states: the mobile menu and the filter drawer (the desktop filter panel is open by default)', async ({
    page,
  }) => {
    await open(page, '/', 390);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await expectNoSeriousViolations(page, '/ with the mobile menu open');

    await open(page, '/shopping', 390);
    await page.getByRole('button', { name: 'Open filters' }).click();
    await visible(page.getByRole('button', { name: 'Apply Filters' }));
    await expectNoSeriousViolations(page, '/shopping with the filter drawer open');
  });

  test('admin orders with the detail overlay open', async ({ page, context, server }) => {
    const s = await setUp(server.url, server.admin.email, server.admin.password);
    await storeSession(context, s.admin);
    for (const width of [1280, 390]) {
      await open(page, '/admin/orders', width);
      await page.getByRole('button', { name: `Open order ${s.order.id}` }).click();
      const dialog = await visible(page.getByRole('dialog', { name: `Order ${s.order.reference}` }));
      await visible(dialog.getByRole('heading', { name: 'Status history' }));
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `/admin/orders overlay at ${width} px`);
    }
  });

  test('the delete confirmation on the dashboard', async ({ page, context, server }) => {
    const s = await setUp(server.url, server.admin.email, server.admin.password);
    await storeSession(context, s.admin);
    await open(page, '/admin', 1280);
    await page.getByRole('button', { name: `Delete ${s.product.name}` }).click();
    await visible(page.getByRole('alertdialog'));
    await expectNoSeriousViolations(page, '/admin delete confirmation');
  });
});

/** Puts one line of the product in the browser's cart (key `shop.cart`), so /cart and /checkout show content. */
async function seedCart(page: Page, product: ApiProduct): Promise<void> {
  const line = {
    product: product.id,
    name: product.name,
    image: product.image,
    price: product.price,
    countInStock: product.countInStock,
    qty: 1,
    size: product.sizes[0] ?? '-',
  };
  const value = JSON.stringify(JSON.stringify([line]));
  // Only when the cart is empty, so what a test does to the cart survives its own navigations.
  await page.context().addInitScript({
    content: `if (localStorage.getItem('shop.cart') === null) localStorage.setItem('shop.cart', ${value});`,
  });
}
