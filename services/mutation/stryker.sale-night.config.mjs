// Mutation testing of sale night (issue 33): commands on one stream taking turns, the retries with
// backoff until a deadline, and the handler that uses both to decide and append.
// `npx stryker run services/mutation/stryker.sale-night.config.mjs` from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun(
  'sale-night',
  [
    'services/src/platform/commands/stream-turns.ts',
    'services/src/platform/commands/retry-policy.ts',
    'services/src/platform/commands/handle-command.ts',
  ],
  85,
);
