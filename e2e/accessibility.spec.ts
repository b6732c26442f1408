import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { keepALineInTheCart } from './support/cart';
import { settle, test, visible } from './support/fixtures';
import { repoRoot } from './support/server';
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

type Who = 'guest' | 'shopper' | 'admin';

interface Screen {
  /** The web app's route (as web/dist/client-routes.json lists it). */
  route: string;
  /** Who opens it: a guard would send anyone else elsewhere. */
  who: Who;
  /** The address to open, when the route has a parameter. */
  path?: (scene: Scene) => string;
}

/**
 * Every screen of the shop, scanned at both widths. A route the web app gains fails the coverage
 * test below until it has a row here: add `{ route, who }` (and `path` for a parameter).
 */
const SCREENS: readonly Screen[] = [
  { route: '/', who: 'guest' },
  { route: '/shopping', who: 'guest' },
  { route: '/product/$id', who: 'guest', path: (s) => `/product/${s.product.id}` },
  { route: '/cart', who: 'guest' },
  { route: '/login', who: 'guest' },
  { route: '/register', who: 'guest' },
  { route: '/forgot-password', who: 'guest' },
  { route: '/reset-password', who: 'guest', path: () => '/reset-password?token=a-request.a-mac' },
  { route: '/confirm-order', who: 'guest', path: () => '/confirm-order?token=a-token' },
  { route: '/verify-email', who: 'guest', path: () => '/verify-email?token=a-token' },
  { route: '/terms', who: 'guest' },
  { route: '/privacy', who: 'guest' },
  { route: '/contact', who: 'guest' },
  { route: '/blog', who: 'guest' },
  { route: '/checkout', who: 'shopper' },
  { route: '/profile', who: 'shopper' },
  { route: '/track', who: 'shopper' },
  { route: '/review', who: 'shopper' },
  { route: '/affiliate/request', who: 'shopper' },
  { route: '/order/$id', who: 'shopper', path: (s) => `/order/${s.order.id}` },
  { route: '/track/$id', who: 'shopper', path: (s) => `/track/${s.order.id}` },
  { route: '/admin', who: 'admin' },
  { route: '/admin/create', who: 'admin' },
  { route: '/admin/edit/$id', who: 'admin', path: (s) => `/admin/edit/${s.product.id}` },
  { route: '/admin/orders', who: 'admin' },
  { route: '/admin/affiliates', who: 'admin' },
  { route: '/admin/customers', who: 'admin' },
  { route: '/admin/reviews', who: 'admin' },
  { route: '/admin/returns', who: 'admin' },
  { route: '/admin/reports', who: 'admin' },
  { route: '/admin/payments', who: 'admin' },
];

const WIDTHS = [1280, 390] as const;

describe('accessibility', () => {
  async function setUp(baseURL: string, adminEmail: string, adminPassword: string): Promise<Scene> {
    if (scene) return scene;
    const api = new ShopApi(baseURL);
    const shopper = await api.register('Ayesha Khan', 'ayesha.a11y@example.com', '0300-1234567');
    const products = await api.products();
    const product = products.find((candidate) => candidate.countInStock > 2);
    if (!product) throw new Error('the demo catalogue has no product in stock');
    const order = await api.placeCodOrder(shopper, product);
    const admin = await api.login(adminEmail, adminPassword);
    // Only a buyer reviews: an earlier order of hers was delivered.
    await api.deliver(admin, (await api.placeCodOrder(shopper, product, 2)).id);
    await api.postReview(shopper, product.id, 'Fits well and the fabric breathes.');
    await api.requestAffiliate(shopper);
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

  test('the table covers every page of the web app', () => {
    const built: string[] = JSON.parse(readFileSync(join(repoRoot, 'web/dist/client-routes.json'), 'utf8'));
    expect(built.filter((route) => !SCREENS.some((screen) => screen.route === route))).toEqual([]);
    expect(SCREENS.filter((screen) => !built.includes(screen.route)).map((screen) => screen.route)).toEqual(
      [],
    );
  });

  for (const screen of SCREENS) {
    test(`${screen.who === 'admin' ? 'admin' : 'shopper'} page ${screen.route} (${screen.who})`, async ({
      page,
      context,
      server,
    }) => {
      const s = await setUp(server.url, server.admin.email, server.admin.password);
      if (screen.who !== 'guest') await storeSession(context, screen.who === 'admin' ? s.admin : s.shopper);
      // A line in the cart on every screen: the navigation's cart badge is part of each.
      await keepALineInTheCart(context, s.product);
      const url = screen.path?.(s) ?? screen.route;
      for (const width of WIDTHS) {
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
      for (const width of WIDTHS) {
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
    for (const width of WIDTHS) {
      await open(page, '/admin/orders', width);
      await page.getByRole('button', { name: `Open order ${s.order.reference}` }).click();
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
