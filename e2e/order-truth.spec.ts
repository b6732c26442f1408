import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test, visible } from './support/fixtures';
import { type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';

const WIDTHS = [390, 1280] as const;

async function open(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 844 });
  await page.goto(path);
}

async function optionsOf(select: Locator): Promise<string[]> {
  return select.locator('option').allTextContents();
}

interface Scene {
  shopper: SignedInUser;
  admin: SignedInUser;
  product: ApiProduct;
}

/** Polls until the control offers `count` options; playwright-core has no auto-retrying expect. */
async function untilOptions(select: Locator, count: number, timeout = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeout;
  let options = await optionsOf(select);
  while (options.length !== count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    options = await optionsOf(select);
  }
  return options;
}

/** A shopper named by `who`, the admin signed in, and a product in stock, on the file's server. */
async function setTheScene(
  server: { url: string; admin: { email: string; password: string } },
  who: string,
): Promise<Scene & { api: ShopApi }> {
  const api = new ShopApi(server.url);
  const shopper = await api.register(
    'Hina Qureshi',
    `${who}.truth@example.com`,
    '0312-4567890',
    'kestrel-Harbor-29!',
  );
  const admin = await api.login(server.admin.email, server.admin.password);
  const product = (await api.products()).find((candidate) => candidate.countInStock > 3);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  return { api, shopper, admin, product };
}

describe('every screen tells the truth about an order', () => {
  test('a cancelled order reads Cancelled on the order page, tracking and history, by its reference', async ({
    page,
    context,
    server,
  }) => {
    const { api, shopper, admin, product } = await setTheScene(server, 'hina');
    const order = await api.placeCodOrder(shopper, product, 1);
    expect(order.reference).toMatch(/^[A-Z]{2}-[A-Z0-9]{6}$/);
    await api.setStatus(admin, order.id, 'Cancelled');
    await storeSession(context, shopper);

    for (const width of WIDTHS) {
      await open(page, `/order/${order.id}`, width);
      await visible(page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }));
      await visible(page.locator('.status-badge', { hasText: /^Cancelled$/ }));
      expect(await page.getByText('Processing', { exact: true }).count()).toBe(0);

      // Tracking by the reference a shopper would quote, typed in lower case.
      await open(page, `/track/${order.reference.toLowerCase()}`, width);
      await visible(page.getByRole('heading', { level: 1, name: `Order ${order.reference}` }));
      await visible(page.getByRole('heading', { name: 'Order Cancelled' }));
      expect(await page.getByRole('heading', { name: 'Processing Order' }).count()).toBe(0);

      await open(page, '/profile', width);
      await page.getByRole('tab', { name: 'Order History' }).click();
      const entry = page.getByRole('listitem').filter({ hasText: order.reference });
      await visible(entry.getByRole('link', { name: `Order ${order.reference}` }));
      await visible(entry.locator('.status-badge', { hasText: /^Cancelled$/ }));
      await visible(entry.getByText(product.name));
    }
  });

  test("the admin's status control offers only the moves the state machine allows", async ({
    page,
    context,
    server,
  }) => {
    const { api, shopper, admin, product } = await setTheScene(server, 'omar');
    const pending = await api.placeCodOrder(shopper, product, 2);
    await storeSession(context, admin);

    for (const width of WIDTHS) {
      await open(page, '/admin/orders', width);
      const control = await visible(page.getByRole('combobox', { name: `Status of order ${pending.id}` }));
      // No Delivered for a Pending order: the server would refuse it.
      expect(await optionsOf(control)).toEqual(['Pending', 'Paid', 'Dispatched', 'Cancelled']);
      await visible(page.getByText(pending.reference).first());
    }

    // Dispatch it through the control (nobody confirmed it, so the admin is asked first); then only
    // Delivered, or Refused for a parcel the courier brings back, is left to offer.
    const control = page.getByRole('combobox', { name: `Status of order ${pending.id}` });
    await control.selectOption('Dispatched');
    await page.getByRole('button', { name: `Update status of order ${pending.id}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Dispatch an unconfirmed order?' })
      .getByRole('button', { name: 'Dispatch anyway' })
      .click();
    expect(await untilOptions(control, 3)).toEqual(['Dispatched', 'Delivered', 'Refused']);
  });

  test('a signed-out visitor who tracks an order is asked to sign in, not to create an account', async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await open(page, '/track', width);
      await page.waitForURL(/\/login\?redirect=%2Ftrack/);
      await visible(page.getByRole('heading', { name: 'Sign in' }));
    }
  });
});

describe('stock per size, as a shopper sees it', () => {
  test('the last unit of a size goes to one shopper; the product page then shows that size sold out', async ({
    page,
    context,
    server,
  }) => {
    const { api, shopper, admin } = await setTheScene(server, 'sana');
    const leggings = await api.ok<ApiProduct>('POST', '/api/products', {
      token: admin.token,
      body: {
        name: 'Last-Size Leggings',
        description: 'One small pair left, none in medium.',
        category: 'Leggings',
        price: 3999,
        image: '/images/flex-high-rise-leggings.webp',
        sizes: ['SM', 'MD', 'LG'],
        stockBySize: { SM: 1, MD: 0, LG: 4 },
      },
    });
    expect([leggings.countInStock, leggings.stockBySize]).toEqual([5, { SM: 1, MD: 0, LG: 4 }]);
    await api.placeCodOrder(shopper, leggings, 1, 'SM');
    await storeSession(context, shopper);

    for (const width of WIDTHS) {
      await open(page, `/product/${leggings.id}`, width);
      await visible(page.getByRole('heading', { level: 1, name: 'Last-Size Leggings' }));
      for (const sold of ['SM', 'MD']) {
        const option = page.getByRole('radio', { name: sold, exact: true });
        expect(await option.isDisabled()).toBe(true);
        expect(await option.getAttribute('aria-describedby')).not.toBeNull();
      }
      expect(await page.getByText('Sold out', { exact: true }).count()).toBe(2);
      await visible(page.getByText('Only 4 left', { exact: true }));
      await page.getByRole('radio', { name: 'LG', exact: true }).check();
      await visible(page.getByText('4 in stock in size LG'));
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL('**/cart');
      await visible(page.getByText('Last-Size Leggings').first());
    }
  });
});
