import { defineConfig } from 'vitest/config';

// Only the unit tests of the modules StrykerJS mutates (stryker.accounts.conf.json): each mutant runs
// the tests that cover it, so these must be fast and must not need a shop.
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'services/src/slices/accounts/throttle.test.ts',
      'services/src/platform/http/auth.test.ts',
      'services/src/slices/accounts/reset-token.test.ts',
      'services/src/slices/accounts/throttle-password-check.test.ts',
      'services/src/platform/http/auth-authenticate.test.ts',
    ],
    // Every mutant of auth.ts would rerun this one for 10+ s: it runs in the ordinary suite instead.
    testNamePattern: /^(?!.*remembers 10,000 per signing key)/,
  },
});
