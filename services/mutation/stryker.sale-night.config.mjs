// Mutation testing of sale night (issue 33): commands on one stream taking turns, the retries with
// backoff until a deadline, and the handler that uses both to decide and append.
// `npx stryker run services/mutation/stryker.sale-night.config.mjs` from the repository root.
// Equivalent survivors (6, all in handle-command.ts): `>=` for `>` in the deadline check (equal only
// to the microsecond); the refusal's `catch { return undefined }` emptied (the function returns
// undefined anyway); caching after a read that found no tail (the cache holds that fold already, or
// the initial state at -1); a correlation or causation id set to undefined (JSON drops the key, so
// the stored event is the same).
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
