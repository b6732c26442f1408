import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of the order decider, for StrykerJS (stryker.cash-on-delivery.config.mjs).
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['services/src/slices/orders/decide.test.ts', 'services/src/slices/orders/decide-cod.test.ts'],
  },
});
