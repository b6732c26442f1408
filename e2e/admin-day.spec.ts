import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshotDir, test, visible } from './support/fixtures';
import { type ApiOrder, type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';
import { textOf, waitForText } from './support/text';

/** A 1x1 PNG; the server re-encodes and resizes whatever it is given. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** `PKR 1,234.00`, as the shop formats money (formatMoney in contracts). */
function pkr(amount: number): string {
  return `PKR ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function counter(page: Page, label: string): Promise<string> {
  const counters = page.getByRole('region', { name: 'Orders' });
  return textOf(
    counters.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd'),
  );
}

async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  // Typing an admin address as a visitor goes to /login, which brings the admin back after sign-in.
  await page.goto('/admin');
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
}

interface Scene {
  shopper: SignedInUser;
  demo: ApiProduct;
  order: ApiOrder;
}

async function setTheScene(api: ShopApi): Promise<Scene> {
  const shopper = await api.register('Bilal Ahmed', 'bilal.admin-day@example.com', '0321-7654321');
  const demo = (await api.products()).find((product) => product.countInStock > 2);
  if (!demo) throw new Error('the demo catalogue has no product in stock');
  const order = await api.placeCodOrder(shopper, demo, 2);
  return { shopper, demo, order };
}

/** Once her order is delivered, the shopper reviews it and applies to be an affiliate. */
async function reviewAndApply(api: ShopApi, scene: Scene): Promise<void> {
  await api.postReview(scene.shopper, scene.demo.id, 'Colours faded after one wash, sadly.', 2);
  await api.requestAffiliate(scene.shopper);
}

describe("an admin's day", () => {
  test('sign in, read the dashboard, run the shop, delete what must go', async ({ page, server }) => {
    const api = new ShopApi(server.url);
    const scene = await setTheScene(api);
    const { shopper, demo, order } = scene;
    expect(order.status).toBe('Pending');

    await signInAsAdmin(page, server.admin.email, server.admin.password);

    // Counters and chart reflect the order placed above.
    await visible(page.getByRole('region', { name: 'Orders' }));
    expect(await counter(page, 'Total Orders')).toBe('1');
    expect(await counter(page, 'Pending')).toBe('1');
    expect(await counter(page, 'Delivered')).toBe('0');
    const chart = page.getByRole('figure', { name: /Sales \(Last 30 Days\)/ });
    const day = chart.getByRole('row', { name: new RegExp(pkr(order.totalPrice).replace(/[.,]/g, '\\$&')) });
    expect(await day.count()).toBe(1);
    expect(await textOf(day.locator('td').last())).toBe('1');
    expect(await textOf(chart.locator('figcaption'))).toContain(`${pkr(order.totalPrice)} from 1 order`);
    await visible(chart.locator('canvas').first());

    // Create a product with an image and find it in the shop.
    const name = `Admin Day Windbreaker ${Date.now().toString(36)}`;
    await page.getByRole('link', { name: '+ Create Product' }).click();
    await visible(page.getByRole('heading', { name: 'Create New Product' }));
    await page.getByLabel('Name', { exact: true }).fill(name);
    // A category the shop does not have yet is made on purpose, from "New category…".
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'New category…' });
    await page.getByLabel('New category name').fill('Outerwear');
    await page.getByLabel('Price', { exact: true }).fill('2499.50');
    await page.getByLabel('Description').fill('A light windbreaker that packs into its own pocket.');
    await page.getByRole('checkbox', { name: 'MD', exact: true }).check();
    await page.getByRole('checkbox', { name: 'LG', exact: true }).check();
    // With sizes, the stock is kept per size.
    await page.getByLabel('Stock of MD', { exact: true }).fill('5');
    await page.getByLabel('Stock of LG', { exact: true }).fill('7');
    await page.getByLabel(/^Product image/).setInputFiles({
      name: 'windbreaker.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await visible(page.getByRole('img', { name: `${name}, as newly chosen` }));
    await page.getByRole('button', { name: 'Create Product', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await visible(page.getByRole('row', { name: new RegExp(name) }));

    await page.goto('/shopping');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await page.keyboard.press('Enter');
    const card = page.getByRole('link', { name: new RegExp(name) }).first();
    await visible(card);
    await card.click();
    await page.waitForURL(/\/product\//);
    const productPath = new URL(page.url()).pathname;
    const productId = productPath.split('/').pop() ?? '';
    await visible(page.getByRole('heading', { level: 1, name }));
    await waitForText(page.locator('.product-detail__price'), /PKR 2,499\.50/);
    await waitForText(page.locator('.product-detail__stock'), /^12 in stock$/);
    const picture = page.locator('main img[src*="/uploads/"]').first();
    await visible(picture);
    expect(await picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Edit its price and stock; the product page shows both.
    await page.goto('/admin');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await visible(page.getByRole('heading', { name: 'Edit Product' }));
    const price = page.getByLabel('Price', { exact: true });
    await waitForValue(price, '2499.5');
    await price.fill('1999');
    await waitForValue(page.getByLabel('Stock of MD', { exact: true }), '5');
    await page.getByLabel('Stock of MD', { exact: true }).fill('3');
    await page.getByLabel('Stock of LG', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Save Product' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await waitForText(row, /PKR 1,999\.00.*7 \(low stock\)/);
    await page.goto(productPath);
    await waitForText(page.locator('.product-detail__price'), /^PKR 1,999\.00/);
    await waitForText(page.locator('.product-detail__stock'), /^7 in stock$/);

    // Move the order Pending -> Dispatched -> Delivered and read its history in the overlay.
    await page.goto('/admin/orders');
    await visible(page.getByRole('heading', { name: 'Order Management' }));
    const orderRow = page.locator(`tr[data-order-id="${order.id}"]`);
    await waitForText(orderRow, /Bilal Ahmed.*0321-7654321.*Pending/);
    for (const next of ['Dispatched', 'Delivered']) {
      await page.getByLabel(`Status of order ${order.id}`).first().selectOption(next);
      await page
        .getByRole('button', { name: `Update status of order ${order.id}` })
        .first()
        .click();
      // Nobody confirmed this cash-on-delivery order: dispatching it asks first.
      if (next === 'Dispatched')
        await page
          .getByRole('alertdialog', { name: 'Dispatch an unconfirmed order?' })
          .getByRole('button', { name: 'Dispatch anyway' })
          .click();
      await waitForText(
        orderRow.locator('td').nth(5).locator('.admin-status').first(),
        new RegExp(`^${next}$`),
      );
    }
    await page.getByRole('button', { name: `Open order ${order.reference}` }).click();
    const overlay = await visible(page.getByRole('dialog', { name: `Order ${order.reference}` }));
    await waitForText(overlay.locator('.admin-history'), /Dispatched\s*→?\s*to\s*Delivered/);
    const history = (await overlay.locator('.admin-history__item').allTextContents()).map((item) =>
      item.replace(/\s+/g, ' ').trim(),
    );
    expect(history.slice(-2)).toEqual([
      expect.stringMatching(/^Pending\s*→?\s*to\s*Dispatched\s*by Administrator on /),
      expect.stringMatching(/^Dispatched\s*→?\s*to\s*Delivered\s*by Administrator on /),
    ]);
    expect(await textOf(overlay.locator('.admin-facts'))).toMatch(/Is Paid\s*Yes/);
    await overlay.getByRole('button', { name: 'Close' }).click();
    await overlay.waitFor({ state: 'detached' });

    // Delivered: the shopper reviews what she bought and applies; approve her request.
    await reviewAndApply(api, scene);
    await page.goto('/admin/affiliates');
    await page.getByRole('button', { name: `Approve ${shopper.name}` }).click();
    const request = page.getByRole('row', { name: new RegExp(shopper.name) });
    await waitForText(request, /Approved.*Code [A-Z0-9]+/);
    expect(await page.getByRole('button', { name: `Reject ${shopper.name}` }).count()).toBe(0);

    // Find a customer by contact.
    await page.goto('/admin/customers');
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await visible(search);
    await search.fill(shopper.contact);
    // The search runs on the server once typing stops; the pager counts the matches.
    await waitForText(
      page.getByRole('navigation', { name: 'Pages of customers' }).locator('p'),
      /^1 customer$/,
    );
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await textOf(rows.first())).toContain(shopper.email);

    // Delete the review.
    await page.goto('/admin/reviews');
    const review = page.getByRole('row', { name: /Colours faded after one wash/ });
    await visible(review);
    await review.getByRole('button', { name: /^Delete review/ }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Confirm Deletion' }));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await review.waitFor({ state: 'detached' });
    expect((await api.ok<unknown[]>('GET', `/api/reviews/${demo.id}`)).length).toBe(0);

    // Delete the new product from the dashboard.
    await page.goto('/admin');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const deletion = await visible(page.getByRole('alertdialog'));
    expect(await textOf(deletion)).toContain('Delete this product?');
    await deletion.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
    expect((await api.products()).some((product) => product.id === productId)).toBe(false);

    // The counters caught up with the day.
    await page.reload();
    await visible(page.getByRole('region', { name: 'Orders' }));
    expect(await counter(page, 'Delivered')).toBe('1');
    expect(await counter(page, 'Pending')).toBe('0');
  });

  test('a customer who types an admin address lands on /login and the API refuses them', async ({
    page,
    context,
    server,
  }) => {
    const api = new ShopApi(server.url);
    const customer = await api.register('Omar Farooq', 'omar.not-admin@example.com', '0345-1112233');
    let adminCalls = 0;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/orders' || path.startsWith('/api/admin/') || path === '/api/affiliate')
        adminCalls += 1;
    });
    await storeSession(context, customer);

    await page.goto('/admin/orders');
    await page.waitForURL(/\/login\?redirect=%2Fadmin%2Forders/);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    expect(await page.getByText('Order Management').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(adminCalls).toBe(0);

    for (const [method, path] of [
      ['GET', '/api/orders'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/metrics'],
      ['GET', '/api/admin/reviews'],
      ['GET', '/api/affiliate'],
      ['PUT', '/api/admin/orders/some-order/status'],
    ] as const) {
      const answer = await api.call(method, path, {
        token: customer.token,
        body: method === 'PUT' ? { status: 'Delivered' } : undefined,
      });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
  });

  test('saves screenshots of the dashboard, the orders overlay and the customers page', async ({
    page,
    context,
    server,
  }) => {
    const api = new ShopApi(server.url);
    const shopper = await api.register('Hina Raza', 'hina.screens@example.com', '0300-9998887');
    const products = await api.products();
    const [first, second] = products.filter((product) => product.countInStock > 2);
    if (!first || !second) throw new Error('the demo catalogue needs two products in stock');
    const order = await api.placeCodOrder(shopper, first);
    await api.placeCodOrder(shopper, second, 2);
    const admin = await api.login(server.admin.email, server.admin.password);
    await api.ok('PUT', `/api/admin/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'Dispatched' },
    });
    await storeSession(context, admin);
    await mkdir(screenshotDir, { recursive: true });

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 1024 ? 844 : 800 });
      await page.goto('/admin');
      await visible(page.getByRole('region', { name: 'Orders' }));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(screenshotDir, `admin-dashboard-${width}.png`), fullPage: true });

      await page.goto('/admin/orders');
      await page.getByRole('button', { name: `Open order ${order.reference}` }).click();
      const overlay = await visible(page.getByRole('dialog', { name: `Order ${order.reference}` }));
      await waitForText(overlay.locator('.admin-history'), /Pending\s*→?\s*to\s*Dispatched/);
      await page.screenshot({ path: join(screenshotDir, `admin-orders-overlay-${width}.png`) });

      await page.goto('/admin/customers');
      await visible(page.getByRole('searchbox', { name: 'Search customers' }));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(screenshotDir, `admin-customers-${width}.png`), fullPage: true });
    }
  });
});

async function waitForValue(input: Locator, value: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if ((await input.inputValue()) === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the field never showed ${value}; it shows "${await input.inputValue()}"`);
}
