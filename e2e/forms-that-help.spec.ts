import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoSeriousViolations } from './support/axe';
import { keepALineInTheCart } from './support/cart';
import { test, visible } from './support/fixtures';
import { type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';

/**
 * Issue 26's forms as a shopper and the owner meet them, at a phone's and a laptop's width: checkout
 * keeps what was typed, asks for a mobile for cash on delivery, ships to Pakistan and offers the
 * cities; the product form picks categories from the list and confirms a save; the shop's Load More
 * keeps the keyboard's place and a minimum price above the maximum says so.
 */

const WIDTHS = [390, 1280] as const;

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function open(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 844 });
  await page.goto(path);
}

async function inStock(api: ShopApi): Promise<ApiProduct> {
  const product = (await api.products()).find((candidate) => candidate.countInStock > 3);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  return product;
}

/** Polls `read` until it answers `expected` (playwright-core has no auto-retrying expect). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('forms that help', () => {
  test('checkout keeps the typed address, needs a mobile for cash on delivery, ships to Pakistan and offers cities', async ({
    page,
    context,
    server,
  }) => {
    const api = new ShopApi(server.url);
    // A landline on the account: the courier needs a mobile, so checkout asks for one.
    const shopper: SignedInUser = await api.register('Sana Iqbal', 'sana.forms@example.com', '051-2345678');
    await storeSession(context, shopper);
    await keepALineInTheCart(context, await inStock(api));

    for (const width of WIDTHS) {
      await open(page, '/cart', width);
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));

      // The country is shown, not typed; the city offers Pakistan's cities and takes any town.
      expect(await page.getByRole('textbox', { name: /Country/ }).count()).toBe(0);
      await visible(page.getByText('Pakistan (we deliver within Pakistan only)'));
      const city = page.getByRole('combobox', { name: 'City' });
      const listId = await city.getAttribute('list');
      const offered = await page
        .locator(`datalist[id="${listId}"] option`)
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(offered).toEqual(
        expect.arrayContaining(['Karachi', 'Lahore', 'Islamabad', 'Peshawar', 'Quetta']),
      );

      await page.getByLabel('Address').fill('House 7, Street 12, F-8/3');
      await city.fill('Islamabad');
      await page.getByLabel('Postal code').fill('44000');
      await page.getByRole('button', { name: /^Pay PKR .* on Delivery$/ }).click();
      await visible(
        page.getByText(
          'A mobile number is needed for cash on delivery, like 0300-1234567 or +92 300 1234567',
        ),
      );
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await expectNoSeriousViolations(page, `/checkout asking for a mobile at ${width} px`);

      await page.getByLabel('Mobile number').fill('0345-6789012');
      // Back to the cart and forward again: nothing typed is lost.
      await page.goBack();
      await visible(page.getByRole('heading', { level: 1, name: 'Shopping Cart' }));
      await page.goForward();
      await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
      expect(await page.getByLabel('Address').inputValue()).toBe('House 7, Street 12, F-8/3');
      expect(await city.inputValue()).toBe('Islamabad');
      expect(await page.getByLabel('Postal code').inputValue()).toBe('44000');
      expect(await page.getByLabel('Mobile number').inputValue()).toBe('0345-6789012');

      await page.getByRole('button', { name: /^Pay PKR .* on Delivery$/ }).click();
      await page.waitForURL(/\/order\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      const order = await api.ok<{ shippingAddress: Record<string, string> }>(
        'GET',
        `/api/orders/${encodeURIComponent(orderId)}`,
        { token: shopper.token },
      );
      expect(order.shippingAddress).toMatchObject({
        city: 'Islamabad',
        country: 'Pakistan',
        phone: '0345-6789012',
      });

      // Placed: the next checkout starts from an empty form.
      await open(page, '/checkout', width);
      await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
      expect(await page.getByLabel('Address').inputValue()).toBe('');
    }
  });

  test('the product form picks a category from the list, files "tops" under Tops and confirms the save', async ({
    page,
    context,
    server,
  }) => {
    const api = new ShopApi(server.url);
    await storeSession(context, await api.login(server.admin.email, server.admin.password));

    for (const width of WIDTHS) {
      const name = `Mesh Tee ${width}`;
      await open(page, '/admin/create', width);
      await visible(page.getByRole('heading', { name: 'Create New Product' }));
      const category = page.getByRole('combobox', { name: 'Category', exact: true });
      expect(
        await eventually(
          async () => (await category.locator('option').allTextContents()).includes('Tops'),
          true,
        ),
      ).toBe(true);
      // Typed as a new category in lower case, it still lands in the shop's "Tops".
      await category.selectOption({ label: 'New category…' });
      await page.getByLabel('New category name').fill('tops');
      await expectNoSeriousViolations(page, `/admin/create with a new category at ${width} px`);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Price', { exact: true }).fill('1999');
      await page.getByLabel('Description').fill('A light mesh tee for hot runs.');
      await page.getByRole('checkbox', { name: 'MD', exact: true }).check();
      await page.getByLabel('Stock of MD', { exact: true }).fill('8');
      await page.getByLabel(/^Product image/).setInputFiles({
        name: 'tee.png',
        mimeType: 'image/png',
        buffer: TINY_PNG,
      });
      await page.getByRole('button', { name: 'Create Product', exact: true }).click();

      await page.waitForURL((url) => url.pathname === '/admin');
      const status = page.getByRole('status').filter({ hasText: `Product “${name}” created.` });
      await visible(status);
      await expectNoSeriousViolations(page, `/admin confirming a new product at ${width} px`);
      await status.getByRole('link', { name: `View ${name} in the shop` }).click();
      await visible(page.getByRole('heading', { level: 1, name }));
      const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
      expect((await api.ok<ApiProduct>('GET', `/api/products/${productId}`)).category).toBe('Tops');

      // Editing offers the category chosen in the list, and saying so again on save.
      await open(page, `/admin/edit/${productId}`, width);
      await visible(page.getByRole('heading', { name: 'Edit Product' }));
      expect(await eventually(() => category.inputValue(), 'Tops')).toBe('Tops');
      await page.getByRole('button', { name: 'Save Product', exact: true }).click();
      await visible(page.getByRole('status').filter({ hasText: `Product “${name}” saved.` }));
    }
  });

  test('Load More keeps keyboard focus on the first new product; a minimum above the maximum says so', async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await open(page, '/shopping', width);
      const products = page.getByRole('list', { name: 'Products' });
      await visible(products.getByRole('listitem').nth(11));
      const loadMore = page.getByRole('button', { name: 'Load More Products' });
      await loadMore.focus();
      await page.keyboard.press('Enter');
      await visible(products.getByRole('listitem').nth(12));
      expect(
        await eventually(
          () =>
            page.evaluate(() => {
              const items = [...document.querySelectorAll('ul[aria-label="Products"] > li')];
              return items.indexOf(document.activeElement?.closest('li') as HTMLLIElement);
            }),
          12,
        ),
      ).toBe(12);
      // The next Tab goes on from there, not from the top of the page.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => {
          const items = [...document.querySelectorAll('ul[aria-label="Products"] > li')];
          return items.indexOf(document.activeElement?.closest('li') as HTMLLIElement);
        }),
      ).toBe(13);

      if (width < 1024) await page.getByRole('button', { name: 'Open filters' }).click();
      const filters = width < 1024 ? page.getByRole('dialog', { name: 'Filters' }) : page.locator('main');
      await filters.getByLabel('Min price').fill('3000');
      await filters.getByLabel('Max price').fill('2500');
      await visible(filters.getByText('Min price is above max price'));
      expect(await filters.getByLabel('Min price').getAttribute('aria-invalid')).toBe('true');
    }
  });
});
