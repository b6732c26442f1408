import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of stock per size, for StrykerJS (stryker.stock.config.mjs): no store, no server.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'contracts/src/catalogue.test.ts',
      'services/src/platform/events/upcasters.test.ts',
      'services/src/slices/catalogue/decide.test.ts',
      'services/src/slices/catalogue/product.test.ts',
      'services/src/slices/orders/pricing.test.ts',
    ],
  },
});
