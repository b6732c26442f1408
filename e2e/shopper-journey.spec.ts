import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AffiliateRequest, MyAffiliate } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshotDir, test, visible } from './support/fixtures';

/** A product of the demo catalogue: in stock, with sizes, over the free-shipping threshold. */
const PRODUCT = 'Flex High-Rise Leggings';
const PASSWORD = 'journey-pass-1';

/** Saves `{name}-390.png` and `{name}-1280.png` of the page as it is, then returns to 1280 px. */
async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function api<T>(
  baseURL: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const signInByApi = (baseURL: string, email: string, password: string) =>
  api<{ token: string }>(baseURL, 'POST', '/api/auth/login', undefined, { email, password }).then(
    (answer) => answer.token,
  );

/** From the product page: choose a size, add one to the cart, land on /cart. */
async function addToCart(page: Page, size: string): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: PRODUCT }));
  await page.locator('label.size-picker__option', { hasText: size }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL('**/cart');
}

/** On /register (sent there by the checkout guard): create an account, come back to /checkout. */
async function register(page: Page, name: string, email: string, contact = '0300-1234567'): Promise<void> {
  await page.waitForURL(/\/register\?redirect=%2Fcheckout/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill(contact);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/checkout');
  // Signing up says it worked and where she is.
  await visible(page.getByText(/your account is created and you are signed in\. You are on checkout\./));
}

/** Fills the shipping form, pays cash on delivery and returns the new order's id and reference. */
async function payCashOnDelivery(
  page: Page,
  address = '12 Mall Road',
): Promise<{ id: string; reference: string }> {
  await page.getByLabel('Address').fill(address);
  await page.getByLabel('City').fill('Lahore');
  await page.getByLabel('Postal code').fill('54000');
  await page.getByRole('button', { name: /^Pay PKR .* on Delivery$/ }).click();
  await page.waitForURL(/\/order\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const heading = await visible(
    page.getByRole('heading', { level: 1, name: /^Order [A-Z]{2}-[A-Z0-9]{6}$/ }),
  );
  const reference = ((await heading.textContent()) ?? '').replace(/^Order /, '');
  return { id, reference };
}

describe('a shopper from first visit to affiliate, and a referred shopper', () => {
  test('walks the whole journey', { timeout: 240_000 }, async ({ page, server, baseURL, browser }) => {
    const email = `sana.${Date.now()}@example.pk`;

    // Home and the catalogue.
    await page.goto('/');
    await visible(page.getByRole('region', { name: 'Latest arrivals' }));
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'home');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shopping', exact: true })
      .click();
    await page.waitForURL('**/shopping');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('leggings');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL(/search=leggings/);
    await page.getByLabel('Category').selectOption('Leggings');
    await page.waitForURL(/category=Leggings/);
    await visible(page.getByText(/^\d+ Products? Found$/));
    const detailsLink = await visible(
      page.getByRole('link', { name: new RegExp(`^View Details\\W+${PRODUCT}$`) }),
    );
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'shopping');

    // Product, size, cart.
    await detailsLink.click();
    await page.waitForURL(/\/product\//);
    const productPath = new URL(page.url()).pathname;
    await visible(page.getByRole('heading', { level: 1, name: PRODUCT }));
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'product');
    await addToCart(page, 'MD');
    await visible(page.getByText(PRODUCT));
    await screenshots(page, 'cart');

    // Checkout sends a visitor to register and back.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await register(page, 'Sana Malik', email);
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    await screenshots(page, 'checkout');
    const { id: orderId, reference } = await payCashOnDelivery(page);
    await visible(page.getByText('Cash on Delivery'));
    await visible(page.getByText(PRODUCT));

    // Profile > Order History.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Order History' }).click();
    await visible(page.getByRole('link', { name: `Order ${reference}` }));

    // Track it.
    await page.goto('/track');
    await page.getByLabel('Order ID', { exact: true }).fill(` ${orderId} `);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await visible(page.getByRole('button', { name: 'Tracking Order...' }));
    await page.waitForURL(`**/track/${encodeURIComponent(orderId)}`);
    await visible(page.getByRole('heading', { level: 1, name: `Order ${reference}` }));
    const progress = await visible(page.getByRole('progressbar'));
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await visible(page.getByRole('heading', { name: 'Order Placed' }));
    await visible(page.getByText('Not Paid'));
    await screenshots(page, 'tracking');

    // The order arrives (the admin moves it on through the API); only then may she review it.
    const admin = await signInByApi(baseURL, server.admin.email, server.admin.password);
    for (const status of ['Dispatched', 'Delivered']) {
      await api(baseURL, 'PUT', `/api/admin/orders/${orderId}/status`, admin, { status });
    }

    // A review on the product page, then the affiliate application.
    await page.goto(productPath);
    await page.getByLabel('Your review').fill('Fits well and stays put on long runs.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await visible(page.getByText('Thank you! Your review is published.'));

    await page.goto('/affiliate/request');
    await visible(page.getByRole('heading', { name: 'Become an Affiliate' }));
    await page.getByRole('button', { name: 'Submit Affiliate Request' }).click();
    await visible(page.getByText('Request submitted! Status: Pending'));

    // The admin approves the request through the API.
    const adminToken = await signInByApi(baseURL, server.admin.email, server.admin.password);
    const requests = await api<AffiliateRequest[]>(baseURL, 'GET', '/api/affiliate', adminToken);
    const request = requests.find(
      (candidate) => candidate.User?.email === email && candidate.status === 'Pending',
    );
    expect(request).toBeDefined();
    await api(baseURL, 'PUT', `/api/affiliate/${request?.id}/approve`, adminToken);
    const shopperToken = await signInByApi(baseURL, email, PASSWORD);
    const mine = await api<MyAffiliate>(baseURL, 'GET', '/api/affiliate/me', shopperToken);
    expect(mine.status).toBe('Approved');
    const code = mine.code ?? '';
    expect(code).not.toBe('');

    // The affiliate sees the link on the profile.
    await page.goto('/profile');
    await visible(page.getByText(`${baseURL}/?ref=${code}`));

    // A second shopper opens the tracking link, registers, checks out and gets 5% off.
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      const second = await context.newPage();
      await second.goto(`/?ref=${code}`);
      await visible(second.getByRole('region', { name: 'Latest arrivals' }));
      await second.goto(productPath);
      await addToCart(second, 'LG');
      await second.getByRole('link', { name: 'Proceed to Checkout' }).click();
      // Another person: her own phone and address (an affiliate's code is refused to her own).
      await register(second, 'Bilal Ahmed', `bilal.${Date.now()}@example.pk`, '0321-7654321');
      expect(await second.getByLabel('Affiliate code (optional)').inputValue()).toBe(code);
      await visible(second.getByText('Affiliate discount (5%)'));
      await visible(second.getByText('−PKR 249.95'));
      await visible(second.getByText('PKR 4,749.05').first());
      await payCashOnDelivery(second, '45 Canal View');
      await visible(second.getByText('Affiliate discount (5%)'));
      await visible(second.getByText('−PKR 249.95'));
      await visible(second.getByText('PKR 4,749.05'));
    } finally {
      await context.close();
    }

    const after = await api<MyAffiliate>(baseURL, 'GET', '/api/affiliate/me', shopperToken);
    expect(after.useCount).toBe(1);
  });
});
