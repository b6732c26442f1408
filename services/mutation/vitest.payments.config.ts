import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of the JazzCash hash, the notices and the payment decider, for StrykerJS
// (stryker.payments.config.mjs).
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'services/src/slices/payments/jazzcash-hash.test.ts',
      'services/src/slices/payments/jazzcash.test.ts',
      'services/src/slices/payments/decide.test.ts',
    ],
  },
});
