import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of the after-sale decisions and money, for StrykerJS (stryker.after-sale.config.mjs):
// no store, no server, so every mutant runs in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'contracts/src/money.test.ts',
      'services/src/slices/orders/decide.test.ts',
      'services/src/slices/returns/decide.test.ts',
    ],
  },
});
