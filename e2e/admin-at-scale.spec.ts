import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test, visible } from './support/fixtures';
import { type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';

// Registration is throttled per network (10 free from one address, decision 016): these buyers and
// the one the admin looks for all register from this machine.
const BUYERS = 9;
const ORDERS = 2_000;
const AT_ONCE = 40;
const PRODUCTS = 20;

/** The shop's shipping rule as it answers it (`GET /api/shop`): free over `freeShippingOver`, else the fee. */
interface ShippingRule {
  freeShippingOver: number;
  shippingFee: number;
}

/** Shipping for an order of these items, in PKR, by the shop's rule (as contracts' `shippingFor`). */
const shippingOf = (itemsPrice: number, rule: ShippingRule) =>
  itemsPrice > rule.freeShippingOver ? 0 : rule.shippingFee;

/**
 * Places one COD order of one unit, shipped to `phone`, with its own idempotency key. Orders placed
 * at the same moment on one product may answer 409 (someone else is changing its stock); a client
 * tries again, and so does this.
 */
async function placeOrder(
  api: ShopApi,
  rule: ShippingRule,
  buyer: SignedInUser,
  product: ApiProduct,
  phone: string,
  n: number,
): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt++) {
    const { status, body } = await tryOrder(api, rule, buyer, product, phone, n);
    if (status === 201) return body as { id: string };
    if (status !== 409 || attempt === 10) throw new Error(`order ${n}: ${status} ${JSON.stringify(body)}`);
  }
}

function tryOrder(
  api: ShopApi,
  rule: ShippingRule,
  buyer: SignedInUser,
  product: ApiProduct,
  phone: string,
  n: number,
) {
  const shipping = shippingOf(product.price, rule);
  return api.call('POST', '/api/orders', {
    token: buyer.token,
    headers: { 'idempotency-key': `scale-${buyer.id}-${n}` },
    body: {
      orderItems: [{ product: product.id, qty: 1, price: product.price, size: product.sizes[0] ?? '' }],
      shippingAddress: {
        fullName: buyer.name,
        address: '12 Mall Road',
        city: 'Lahore',
        postalCode: '54000',
        country: 'Pakistan',
        phone,
      },
      paymentMethod: 'COD',
      itemsPrice: product.price,
      shippingPrice: shipping,
      totalPrice: product.price + shipping,
    },
  });
}

/** Runs `task(i)` for i in [0, count), `width` at a time. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** The order ids on screen, top to bottom, once the list is not loading. */
async function shownIds(page: Page): Promise<string[]> {
  await page.locator('[aria-busy="false"] tr[data-order-id]').first().waitFor({ timeout: 15_000 });
  return page
    .locator('tr[data-order-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id') ?? ''));
}

/** Waits for the rows on screen to change from `before`, and answers them. */
async function rowsAfter(page: Page, before: string[]): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await shownIds(page);
    if (now.join() !== before.join()) return now;
    if (Date.now() > deadline) throw new Error('the rows did not change');
    await page.waitForTimeout(100);
  }
}

describe('the admin at a year of trade', () => {
  test('finds an order by phone among thousands, pages forward and back, and reloads the same rows', {
    timeout: 240_000,
  }, async ({ page, context, server }) => {
    const api = new ShopApi(server.url);
    const admin = await api.login(server.admin.email, server.admin.password);
    const rule = await api.ok<ShippingRule>('GET', '/api/shop');
    const products: ApiProduct[] = [];
    await inParallel(PRODUCTS, 4, async (i) => {
      products[i] = await api.ok<ApiProduct>('POST', '/api/products', {
        token: admin.token,
        body: {
          name: `Scale Test Tee ${i}`,
          description: 'A tee bought by the thousand.',
          category: 'Shirts',
          price: 1500,
          image: '/images/airlift-high-support-bra.webp',
          sizes: ['MD'],
          stockBySize: { MD: 100_000 },
        },
      });
    });
    const buyers: SignedInUser[] = [];
    await inParallel(BUYERS, 10, async (i) => {
      const phone = `0300-${String(1_000_000 + i)}`;
      buyers[i] = await api.register(
        `Buyer ${String.fromCharCode(65 + (i % 26))}`,
        `buyer${i}.scale@example.com`,
        phone,
      );
    });
    await inParallel(ORDERS, AT_ONCE, async (n) => {
      const buyer = buyers[n % BUYERS] as SignedInUser;
      await placeOrder(api, rule, buyer, products[n % PRODUCTS] as ApiProduct, buyer.contact, n);
    });
    // The one to find: shipped to a number written with the country code.
    const zainab = await api.register('Zainab Farooq', 'zainab.scale@example.com', '0345-6789012');
    const hers = await placeOrder(api, rule, zainab, products[0] as ApiProduct, '+92 345 6789012', 0);
    await storeSession(context, admin);
    await page.goto('/admin/orders');
    await visible(page.getByRole('heading', { name: 'Order Management' }));
    await visible(page.getByText(`${(ORDERS + 1).toLocaleString('en-US')} orders`), 20_000);
    const first = await shownIds(page);
    expect(first).toHaveLength(25);
    expect(first[0]).toBe(hers.id);

    // Found by her number as she would say it on the phone, without the country code.
    await page.getByLabel('Search orders').fill('0345 6789012');
    expect(await rowsAfter(page, first)).toEqual([hers.id]);
    await visible(page.getByText('1 order'));
    expect(new URL(page.url()).searchParams.get('search')).toBe('0345 6789012');

    // Back to every order, and through the pages.
    await page.getByLabel('Search orders').fill('');
    expect(await rowsAfter(page, [hers.id])).toEqual(first);
    await page.getByRole('button', { name: 'Next →' }).click();
    const second = await rowsAfter(page, first);
    await page.getByRole('button', { name: 'Next →' }).click();
    const third = await rowsAfter(page, second);
    expect(new Set([...first, ...second, ...third]).size).toBe(75);
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await rowsAfter(page, third)).toEqual(second);

    // The URL holds the page: a reload shows the same rows.
    expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
    await page.reload();
    expect(await shownIds(page)).toEqual(second);
    await page.goBack();
    expect(await rowsAfter(page, second)).toEqual(third);
  });
});
