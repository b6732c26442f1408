import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests of the command handler, its turns and its retries, for StrykerJS
// (stryker.sale-night.config.mjs): a SQLite file in a temporary folder, no server.
export default defineConfig({
  test: {
    environment: 'node',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'services/src/platform/commands/stream-turns.test.ts',
      'services/src/platform/commands/handle-command.test.ts',
    ],
  },
});
