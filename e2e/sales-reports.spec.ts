import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test, visible } from './support/fixtures';
import { type ApiProduct, ShopApi, storeSession } from './support/shop-api';

/** Polls until a table row's first cells are `expected` (header cell, then data cells). */
async function waitForCells(row: Locator, expected: readonly string[], timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: string[] = [];
  while (Date.now() < deadline) {
    last = await row
      .locator('th, td')
      .allTextContents()
      .catch(() => []);
    if (expected.every((cell, index) => last[index]?.trim() === cell)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected cells starting ${JSON.stringify(expected)}, last saw ${JSON.stringify(last)}`);
}

describe('sales reports', () => {
  test('open Reports, change range and grouping, reload to the same view, download the CSV', async ({
    page,
    context,
    server,
  }) => {
    const api = new ShopApi(server.url);
    const shopper = await api.register('Hina Raza', 'hina.reports@example.com', '0300-1112223');
    const products = (await api.products()).filter((product) => product.countInStock > 2);
    const twoCategories: ApiProduct[] = [];
    for (const product of products) {
      if (!twoCategories.some((chosen) => chosen.category === product.category)) twoCategories.push(product);
      if (twoCategories.length === 2) break;
    }
    if (twoCategories.length < 2) throw new Error('the demo catalogue needs two categories in stock');
    for (const product of twoCategories) await api.placeCodOrder(shopper, product, 1);
    await storeSession(context, await api.login(server.admin.email, server.admin.password));

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Sales Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/reports');
    const byDay = await visible(page.getByRole('table', { name: /Sales by day/ }));
    // The default range is the last 30 days, today's two orders in its total.
    await waitForCells(byDay.locator('tfoot tr'), ['Total', '2', '2']);
    await visible(page.getByRole('figure', { name: /Net sales by day/ }).locator('canvas'));
    expect(await page.getByRole('figure', { name: /Net sales by day/ }).getAttribute('data-points')).toBe(
      '30',
    );

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByLabel('Group by').selectOption('category');
    const byCategory = await visible(page.getByRole('table', { name: /Sales by category/ }));
    for (const product of twoCategories) {
      await waitForCells(byCategory.getByRole('row', { name: new RegExp(product.category) }), [
        product.category,
        '1',
        '1',
      ]);
    }
    const chart = page.getByRole('figure', { name: /Net sales by category/ });
    await visible(chart.locator('canvas'));
    expect(await chart.getAttribute('data-points')).toBe('2');
    const url = new URL(page.url());
    expect(url.searchParams.get('by')).toBe('category');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    expect(Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)).toBe(6 * 86_400_000);

    await page.reload();
    const reloaded = await visible(page.getByRole('table', { name: /Sales by category/ }));
    expect(await page.getByLabel('Group by').inputValue()).toBe('category');
    expect(await page.getByLabel('From').inputValue()).toBe(from);
    await waitForCells(reloaded.locator('tfoot tr'), ['Total', '2', '2']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-by-category-${from}-to-${to}.csv`);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(csv[0]).toBe(
      'Category,Orders,Units,Gross sales,Discounts,Refunds,Net sales,Average order value,Share of total (%)',
    );
    expect(
      csv
        .slice(1, -1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(twoCategories.map((product) => product.category).sort());
    expect(csv.at(-1)).toMatch(/^Total,2,2,/);
  });
});
