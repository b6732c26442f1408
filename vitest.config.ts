import { defineConfig } from 'vitest/config';

// Unit and in-process API tests for every package; the browser tests run separately (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'contracts/src/**/*.test.ts',
            'projections/src/**/*.test.ts',
            'services/src/**/*.test.ts',
          ],
          testTimeout: 20_000,
          // A private PostgreSQL for the adapter's contract suite and the multi-instance tests.
          globalSetup: ['services/src/test-support/postgres-global-setup.ts'],
        },
      },
      'web/vitest.config.{ts,mts}',
    ],
  },
});
