// Mutation testing of the order decider with cash on delivery's decisions (issue 25): confirming,
// reminding, expiring, Refused. `npx stryker run services/mutation/stryker.cash-on-delivery.config.mjs`
// from the repository root. inPlace for the reason given in stryker.after-sale.config.mjs.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'services/mutation/vitest.cash-on-delivery.config.ts' },
  inPlace: true,
  mutate: ['services/src/slices/orders/decide.ts', 'services/src/slices/orders/order.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: 85 },
  tempDirName: 'node_modules/.stryker-tmp',
};
