import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshotDir, test, visible } from './support/fixtures';

/** Collects uncaught page errors and Content-Security-Policy violations (the server sends a strict CSP). */
function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      errors.push(message.text());
  });
  return errors;
}

describe('smoke', () => {
  test('a guest sees the navigation bar without member links', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/');

    const nav = await visible(page.getByRole('navigation', { name: 'Main' }));
    for (const name of ['Home', 'Shopping', 'Blog']) {
      await visible(nav.getByRole('link', { name, exact: true }));
    }
    await visible(nav.getByRole('link', { name: /^Cart/ }));
    await visible(nav.getByRole('link', { name: 'Sign in' }));
    expect(await nav.getByRole('link', { name: 'Track Order' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Leave a Review' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the home page shows the hero, the slider and the product section', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/');

    await visible(page.getByRole('heading', { level: 1 }));
    expect(await page.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/shopping');
    const slider = await visible(page.getByRole('region', { name: 'Highlights' }));
    await visible(slider.getByRole('button', { name: 'Next slide' }));
    expect(await slider.getByRole('button', { name: /^Show slide/ }).count()).toBe(4);
    await visible(page.getByRole('region', { name: 'Latest arrivals' }));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('the slider advances by itself and with the next button', async ({ page }) => {
    await page.goto('/');
    const slider = await visible(page.getByRole('region', { name: 'Highlights' }));
    const current = (slide: number) =>
      slider.locator(`button[aria-current="true"][aria-label^="Show slide ${slide}:"]`);
    await visible(current(1));

    // Rotation every 3 s (docs/rules/screens.md#home-slider); allow slack for a slow machine.
    await visible(current(2), 6_000);

    // Using the controls moves focus into the slider, which pauses the rotation.
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await visible(current(3), 2_000);
    await page.waitForTimeout(3_500);
    expect(await current(3).count()).toBe(1);
  });

  test('at 390 px the menu button opens the menu and navigating closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');

    const toggle = await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await toggle.click();

    const nav = await visible(page.getByRole('navigation', { name: 'Main' }));
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();

    await page.waitForURL('**/blog');
    await visible(page.getByRole('button', { name: 'Open menu' }));
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  });

  test('an unknown address answers 404 with the app, which shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');

    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await visible(page.getByRole('navigation', { name: 'Main' }));
  });

  test('saves screenshots of home at 390 and 1280 px', async ({ page }) => {
    await mkdir(screenshotDir, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/');
      await visible(page.getByRole('region', { name: 'Latest arrivals' }));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(screenshotDir, `home-${width}.png`), fullPage: true });
    }
  });
});
