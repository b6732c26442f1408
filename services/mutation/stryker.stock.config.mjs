// Mutation testing of stock per size (issue 26): the product aggregate and its decisions, the
// pricing check per size, the input rules and the upcasters of an old log.
// `npm run mutation:stock` from the repository root. inPlace for the reason in stryker.after-sale.config.mjs.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'services/mutation/vitest.stock.config.ts' },
  inPlace: true,
  mutate: [
    'services/src/slices/catalogue/product.ts',
    'services/src/slices/catalogue/decide.ts',
    'services/src/slices/orders/pricing.ts:71-75',
    'services/src/slices/orders/order.ts:97-108',
    'services/src/platform/events/upcasters.ts:28-40',
    'contracts/src/catalogue.ts:10-17',
    'contracts/src/catalogue.ts:57-127',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: 85 },
  tempDirName: 'node_modules/.stryker-tmp',
};
