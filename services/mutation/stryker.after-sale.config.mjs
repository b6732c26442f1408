// Mutation testing of the after-sale decisions and the money of refunds (issue 21):
// `npx stryker run services/mutation/stryker.after-sale.config.mjs` from the repository root.
// inPlace: the workspaces resolve each other through node_modules links, which a sandbox copy
// would break; Stryker restores every file when it ends.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'services/mutation/vitest.after-sale.config.ts' },
  inPlace: true,
  mutate: [
    'services/src/slices/orders/decide.ts',
    'services/src/slices/returns/decide.ts',
    'services/src/slices/returns/refund.ts',
    'services/src/slices/returns/return.ts',
    'contracts/src/money.ts:81-96',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: 85 },
  tempDirName: 'node_modules/.stryker-tmp',
};
