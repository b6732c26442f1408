import { test as base } from 'vitest';
import { openTestShop, type TestShop, type TestShopOptions } from './test-shop';

export interface ShopFixtures {
  /**
   * How the shop opens: none by default. A file or a `describe` asks for another shop with
   * `test.override('shopOptions', () => ({ clock: testClock('...') }))`; the function runs for each
   * test, so a clock or a fake is never shared between tests.
   */
  shopOptions: TestShopOptions;
  /** A whole shop in-process (see openTestShop), opened for the test and closed after it. */
  shop: TestShop;
}

/**
 * vitest's `test` with a test shop: `test('...', async ({ shop }) => ...)`. A file whose helpers read
 * the shop keeps it in a `let t` set by `test.beforeEach(({ shop }) => ...)`; a kit shared by the
 * files of one split test exports those `let`s (ES module bindings are live) and a `use...Shop()`
 * that registers the beforeEach. Tests that need a shop of their own per test (other settings, a
 * restart, several shops on one log) still call openTestShop.
 */
export const test = base.extend<ShopFixtures>({
  shopOptions: {},
  shop: async ({ shopOptions }, use) => {
    const shop = await openTestShop(shopOptions);
    await use(shop);
    await shop.close();
  },
});

export const it = test;
