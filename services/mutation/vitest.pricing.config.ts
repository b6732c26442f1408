import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests of order pricing, for StrykerJS (stryker.pricing.config.mjs): pure functions and an
// in-memory read model, no server, so every mutant runs in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'services/src/slices/orders/pricing.test.ts',
      'services/src/slices/orders/order.test.ts',
      'projections/src/affiliates/projector.test.ts',
    ],
  },
});
