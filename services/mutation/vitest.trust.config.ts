import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The pure tests of the review and affiliate eligibility rules, for StrykerJS (stryker.trust.config.mjs):
// no store, no server, so every mutant runs in milliseconds.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'contracts/src/reviews.test.ts',
      'services/src/slices/reviews/eligibility.test.ts',
      'services/src/slices/reviews/decide.test.ts',
      'services/src/slices/affiliates/eligibility.test.ts',
      'services/src/slices/affiliates/code-check.test.ts',
      'services/src/slices/affiliates/decide.test.ts',
    ],
  },
});
