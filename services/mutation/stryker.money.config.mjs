// Mutation testing of the money helpers every price, total, refund and report goes through
// (contracts/src/money.ts): `npm run mutation:money` from the repository root.
// inPlace: the workspaces resolve each other through node_modules links, which a sandbox copy
// would break; Stryker restores every file when it ends (do not edit or build while it runs).
//
// Equivalent mutants (they survive; no caller can tell them apart):
// - `.finite('')` on PriceAmount and MoneyAmount (2): in zod 4 `z.number()` itself refuses Infinity and
//   NaN with its own message ('must be a number'); `.finite()` is a documented no-op.
// - markdownPercent's `originalPrice === null` -> `false`: toMinor(null) is 0, and `was <= now` then
//   answers null for every price PriceAmount accepts (positive).
// - shareByWeight's tie-break `a.index - b.index` -> `a.index + b.index`: Array.prototype.sort is stable
//   and the entries are built in index order, so ties already keep the earlier weight first; V8's sort
//   treats the mutant's positive answer for a tie like 0 (the same order on 10 to 500 entries).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'services/mutation/vitest.money.config.ts' },
  inPlace: true,
  mutate: ['contracts/src/money.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  reporters: ['clear-text', 'progress'],
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: 'node_modules/.stryker-tmp',
};
