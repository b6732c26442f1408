// Mutation testing of the after-sale decisions and the money of refunds (issue 21):
// `npx stryker run services/mutation/stryker.after-sale.config.mjs` from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun(
  'after-sale',
  [
    'services/src/slices/orders/decide.ts',
    'services/src/slices/returns/decide.ts',
    'services/src/slices/returns/refund.ts',
    'services/src/slices/returns/return.ts',
    'contracts/src/money.ts:81-96',
  ],
  85,
);
