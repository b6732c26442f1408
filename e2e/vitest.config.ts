import { defineConfig } from 'vitest/config';

// Browser tests against the real built server; run by `npm run test -w @shop/e2e` after a build.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // Each file starts a server and a browser; running them one at a time keeps 2-core CI steady.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
