import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { keepALineInTheCart } from './support/cart';
import { settle, test, visible } from './support/fixtures';
import { type ApiOrder, type ApiProduct, ShopApi, type SignedInUser, storeSession } from './support/shop-api';

/**
 * Tap targets on a phone: every screen at 390 px with touch emulation (so `(pointer: coarse)` holds),
 * and no interactive element smaller than 44×44 CSS px (WCAG 2.5.5, the size Apple and Google ask for
 * on touch screens).
 *
 * The rule: links, buttons, form controls and anything focusable or given a widget role are measured
 * by their box; a checkbox or radio by its label, which is what a finger taps. Exempt:
 * links inside running text (WCAG 2.5.8's inline exception: a link within a sentence, whose line
 * height the sentence sets), elements not rendered, and controls hidden from everyone
 * (`aria-hidden`, `inert`).
 */

const MIN = 44;
const PHONE = { width: 390, height: 844 };

interface Scene {
  shopper: SignedInUser;
  admin: SignedInUser;
  product: ApiProduct;
  order: ApiOrder;
}

interface Small {
  what: string;
  width: number;
  height: number;
}

/** The interactive elements of the page under `MIN` in either direction, named so a reader finds them. */
function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate((min) => {
    const widgets =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], ' +
      '[role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], ' +
      '[tabindex]:not([tabindex="-1"])';
    const blockOf = (element: Element): Element => {
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      return block ?? document.body;
    };
    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    // WCAG 2.5.8's inline exception: a link set in a sentence, with other words in the same block.
    const inRunningText = (element: Element) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      textOf(blockOf(element)).length > textOf(element).length;

    const small: { what: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const element of document.querySelectorAll(widgets)) {
      if (element.closest('[aria-hidden="true"], [inert], [hidden]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      let target: Element = element;
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        target = element.closest('label') ?? element.labels?.[0] ?? element;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      // Not rendered, or a visually hidden control whose label is measured instead.
      if (box.width <= 1 || box.height <= 1) continue;
      if (inRunningText(element)) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name = element.getAttribute('aria-label') ?? textOf(element) ?? '';
      const kind =
        element instanceof HTMLInputElement ? `input[type=${element.type}]` : element.tagName.toLowerCase();
      const place =
        element.className && typeof element.className === 'string'
          ? `.${element.className.split(' ')[0]}`
          : '';
      small.push({
        what: `${kind}${place} "${name.slice(0, 40) || (element as HTMLInputElement).name || ''}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return small;
  }, MIN);
}

async function phoneContext(
  browser: import('playwright-core').Browser,
  baseURL: string,
  who?: SignedInUser,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  if (who) await storeSession(context, who);
  return context;
}

let scene: Scene | undefined;

async function setUp(baseURL: string, adminEmail: string, adminPassword: string): Promise<Scene> {
  if (scene) return scene;
  const api = new ShopApi(baseURL);
  const shopper = await api.register('Hina Raza', 'hina.taps@example.com', '0300-2223334');
  const product = (await api.products()).find((candidate) => candidate.countInStock > 2);
  if (!product) throw new Error('the demo catalogue has no product in stock');
  const order = await api.placeCodOrder(shopper, product);
  const admin = await api.login(adminEmail, adminPassword);
  scene = { shopper, admin, product, order };
  return scene;
}

/** Opens `path` and reports what is too small, after `then` (e.g. opening a dialog) if given. */
async function measure(page: Page, path: string, then?: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await settle(page);
  const landed = new URL(page.url()).pathname;
  if (landed !== path.split('?')[0]) throw new Error(`${path} redirected to ${landed}`);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'touch emulation').toBe(true);
  await then?.(page);
  return (await smallTargets(page)).map((s) => `${path}: ${s.what} is ${s.width}×${s.height}`);
}

describe('tap targets on a 390 px touch screen', () => {
  test('the shopper screens: home, shop, filters, product, cart, checkout, order, tracking and the footer', async ({
    browser,
    server,
  }) => {
    const s = await setUp(server.url, server.admin.email, server.admin.password);
    const guest = await phoneContext(browser, server.url);
    await keepALineInTheCart(guest, s.product);
    const shopper = await phoneContext(browser, server.url, s.shopper);
    await keepALineInTheCart(shopper, s.product);
    try {
      const asGuest = await guest.newPage();
      const asShopper = await shopper.newPage();
      const small = [
        ...(await measure(asGuest, '/')),
        ...(await measure(asGuest, '/', async (page) => {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await visible(page.getByRole('navigation', { name: 'Main' }));
        })),
        ...(await measure(asGuest, '/shopping')),
        ...(await measure(asGuest, '/shopping', async (page) => {
          await page.getByRole('button', { name: 'Open filters' }).click();
          await visible(page.getByRole('button', { name: 'Apply Filters' }));
        })),
        ...(await measure(asGuest, `/product/${s.product.id}`)),
        ...(await measure(asGuest, '/cart')),
        ...(await measure(asShopper, '/checkout')),
        ...(await measure(asShopper, `/order/${s.order.id}`)),
        ...(await measure(asShopper, `/track/${s.order.id}`)),
      ];
      expect(small).toEqual([]);
    } finally {
      await guest.close();
      await shopper.close();
    }
  });

  test('the admin screens: dashboard with its products, orders with the status control, customers, the product form', async ({
    browser,
    server,
  }) => {
    const s = await setUp(server.url, server.admin.email, server.admin.password);
    const admin = await phoneContext(browser, server.url, s.admin);
    try {
      const page = await admin.newPage();
      const small = [
        ...(await measure(page, '/admin')),
        ...(await measure(page, '/admin/orders')),
        ...(await measure(page, '/admin/orders', async (opened) => {
          await opened.getByRole('button', { name: `Open order ${s.order.reference}` }).click();
          const dialog = await visible(opened.getByRole('dialog', { name: `Order ${s.order.reference}` }));
          await visible(dialog.getByRole('heading', { name: 'Status history' }));
        })),
        ...(await measure(page, '/admin/customers')),
        ...(await measure(page, `/admin/edit/${s.product.id}`)),
      ];
      expect(small).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
