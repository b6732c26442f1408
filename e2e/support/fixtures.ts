import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, repoRoot, startServer } from './server';

export const screenshotDir = join(repoRoot, 'e2e/screenshots');
const artifactDir = join(repoRoot, 'e2e/.artifacts');

/**
 * Browser tests: each file gets its own server (fresh data folder) and browser; each test gets a new
 * browser context and page at 1280x800 with `baseURL` set, so `page.goto('/')` opens the shop.
 * A failed test leaves a full-page screenshot in e2e/.artifacts.
 */
export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads fixture dependencies from this pattern.
  .extend('server', { scope: 'file' }, async ({}, { onCleanup }): Promise<RunningServer> => {
    const server = await startServer();
    onCleanup(() => server.stop());
    return server;
  })
  .extend('baseURL', { scope: 'file' }, async ({ server }) => server.url)
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads fixture dependencies from this pattern.
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('context', async ({ browser, baseURL }, { onCleanup }): Promise<BrowserContext> => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    onCleanup(() => context.close());
    return context;
  })
  .extend('page', async ({ context, onTestFailed, task }): Promise<Page> => {
    const page = await context.newPage();
    onTestFailed(async () => {
      await mkdir(artifactDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await page.screenshot({ path: join(artifactDir, `${name}.png`), fullPage: true }).catch(() => {});
    });
    return page;
  });

/** Waits until the locator is visible (playwright-core has no auto-waiting `expect`). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits for a route's content: the main heading, then no request in flight, then no spinner. */
export async function settle(page: Page): Promise<void> {
  await visible(page.locator('main h1').first());
  await page.waitForLoadState('networkidle');
  // Spinners and skeletons give way to content once the calls have answered.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
}
