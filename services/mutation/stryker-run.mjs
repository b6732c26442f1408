// What every mutation run in this folder shares (docs/testing.md): StrykerJS with the vitest runner,
// on the unit tests a vitest config of the run's own names, one process (2 shared cores), in place:
// the workspaces resolve each other through node_modules links, which a sandbox copy would break;
// Stryker restores every file when it ends (do not edit or build while it runs).

/**
 * @param {string} name the run: its tests are services/mutation/vitest.<name>.config.ts
 * @param {string[]} mutate the files (optionally `:from-to` lines) to mutate
 * @param {number} breakAt the score under which the run fails
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerRun(name, mutate, breakAt = 90) {
  return {
    testRunner: 'vitest',
    vitest: { configFile: `services/mutation/vitest.${name}.config.ts` },
    inPlace: true,
    mutate,
    coverageAnalysis: 'perTest',
    concurrency: 1,
    reporters: ['clear-text', 'progress'],
    thresholds: { high: 95, low: 90, break: breakAt },
    tempDirName: 'node_modules/.stryker-tmp',
  };
}
