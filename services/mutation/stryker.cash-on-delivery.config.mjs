// Mutation testing of the order decider with cash on delivery's decisions (issue 25): confirming,
// reminding, expiring, Refused. `npx stryker run services/mutation/stryker.cash-on-delivery.config.mjs`
// from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun(
  'cash-on-delivery',
  ['services/src/slices/orders/decide.ts', 'services/src/slices/orders/order.ts'],
  85,
);
