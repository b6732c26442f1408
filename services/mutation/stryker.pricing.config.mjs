// Mutation testing of how an order is priced (issue 26): the catalogue lines and stock check, the
// comparison with the totals the client saw, the units per product and the affiliate's commission:
// `npm run mutation:pricing` from the repository root. The sums, discount, shipping rule and
// shareByWeight live in contracts/src/money.ts (`npm run mutation:money`).
import { strykerRun } from './stryker-run.mjs';

// Equivalent mutants (they survive; no caller can tell them apart): in unitsByProductAndSize's
// comparator `a < b ? -1 : 1`, the keys come from a Map, so two never tie (`a <= b` sorts the same);
// the tests (order.test.ts) check the order on 4 and on 120 lines.

export default strykerRun('pricing', [
  'services/src/slices/orders/pricing.ts',
  'services/src/slices/orders/order.ts:114-126',
  'projections/src/affiliates/projector.ts:8-14',
]);
