import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test, visible } from './support/fixtures';
import { type ApiOrder, ShopApi, storeSession } from './support/shop-api';
import { textOf, waitForText } from './support/text';

/** The labels of the order's timeline, in order, as the shopper's tracking page shows them. */
async function timelineOf(page: Page, order: ApiOrder): Promise<string[]> {
  await page.goto(`/track/${order.id}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await visible(timeline.locator('li').first());
  return (await timeline.locator('li h3').allTextContents()).map((label) => label.trim());
}

describe('after the sale', () => {
  test('a shopper cancels one order and returns a line of another; the admin approves, receives and refunds it', async ({
    page,
    browser,
    baseURL,
    server,
  }) => {
    const api = new ShopApi(server.url);
    const shopper = await api.register('Hina Qureshi', 'hina.after-sale@example.com', '0300-4445566');
    const admin = await api.login(server.admin.email, server.admin.password);
    const product = (await api.products()).find((candidate) => candidate.countInStock > 4);
    if (!product) throw new Error('the demo catalogue has no product with stock to spare');
    const regretted = await api.placeCodOrder(shopper, product, 1);
    const kept = await api.placeCodOrder(shopper, product, 2);
    for (const status of ['Dispatched', 'Delivered']) {
      await api.ok('PUT', `/api/admin/orders/${kept.id}/status`, { token: admin.token, body: { status } });
    }
    const stockBefore = (await api.ok<{ countInStock: number }>('GET', `/api/products/${product.id}`))
      .countInStock;
    await storeSession(page.context(), shopper);

    // The shopper cancels the first order, after confirming; its unit is back in stock.
    await page.goto(`/order/${regretted.id}`);
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await waitForText(page.getByRole('region', { name: 'Order cancelled' }), /You cancelled this order\./);
    expect(await page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    expect((await api.ok<{ countInStock: number }>('GET', `/api/products/${product.id}`)).countInStock).toBe(
      stockBefore + 1,
    );
    expect((await timelineOf(page, regretted)).at(-1)).toBe('Order Cancelled');

    // She returns one of the two units of the delivered order.
    await page.goto(`/order/${kept.id}`);
    const returns = await visible(page.getByRole('region', { name: 'Returns' }));
    await returns.getByRole('spinbutton').first().fill('1');
    await returns.getByLabel('Reason').fill('Too tight on the shoulders');
    await returns.getByRole('button', { name: 'Request Return' }).click();
    await waitForText(returns.locator('.after-sale__returns'), /Return Requested .*1 × /);

    // The admin moves it on from the Returns screen.
    const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      await storeSession(adminContext, admin);
      const adminPage = await adminContext.newPage();
      await adminPage.goto('/admin/returns');
      await visible(adminPage.getByRole('heading', { name: 'Returns', level: 1 }));
      const row = adminPage.getByRole('row', { name: new RegExp(`^Return ${kept.id}-1`) });
      await waitForText(row, /Too tight on the shoulders.*Requested/);
      for (const [button, status] of [
        ['Approve', 'Approved'],
        ['Mark Received', 'Received'],
        ['Mark Refunded', 'Refunded'],
      ] as const) {
        await row.getByRole('button', { name: button }).click();
        await waitForText(row, new RegExp(`${status}`));
      }
      await waitForText(row, /No further steps/);
    } finally {
      await adminContext.close();
    }
    expect((await api.ok<{ countInStock: number }>('GET', `/api/products/${product.id}`)).countInStock).toBe(
      stockBefore + 2,
    );

    // The shopper sees each step on the order's timeline, and the return refunded on its page.
    const timeline = await timelineOf(page, kept);
    expect(timeline.slice(-5)).toEqual([
      'Delivered',
      'Return Requested',
      'Return Approved',
      'Return Received',
      'Refund Issued',
    ]);
    const refund = page.getByRole('region', { name: 'Timeline' }).locator('li').last();
    expect(await textOf(refund)).toMatch(/^Refund Issued\s*PKR [\d,]+\.\d{2} refunded to you/);
    await page.goto(`/order/${kept.id}`);
    await waitForText(page.getByRole('region', { name: 'Returns' }), /Return Refunded .*Refunded PKR/);
  });
});
