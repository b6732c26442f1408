import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of options and variants, for StrykerJS (stryker.variants.config.mjs): no store, no server.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'contracts/src/variants.test.ts',
      'contracts/src/catalogue.test.ts',
      'services/src/platform/events/upcasters.test.ts',
      'services/src/slices/catalogue/decide.test.ts',
      'services/src/slices/catalogue/decide-variants.test.ts',
      'services/src/slices/catalogue/decide-stock-per-size.test.ts',
      'services/src/slices/catalogue/product.test.ts',
    ],
  },
});
