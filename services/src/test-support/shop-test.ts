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

/** vitest's `test` with a test shop: `test('...', async ({ shop }) => ...)`, or in `test.beforeEach`. */
export const test = base.extend<ShopFixtures>({
  shopOptions: [{}, { injected: false }],
  shop: async ({ shopOptions }, use) => {
    const shop = await openTestShop(shopOptions);
    await use(shop);
    await shop.close();
  },
});

export const it = test;
