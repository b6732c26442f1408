import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests of contracts/src/money.ts, for StrykerJS (stryker.money.config.mjs): pure, no store,
// so every mutant runs in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['contracts/src/money.test.ts'],
  },
});
