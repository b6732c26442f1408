// Mutation testing of how an order is priced (issue 26): the catalogue lines and stock check, the
// comparison with the totals the client saw, the units per product and the affiliate's commission:
// `npm run mutation:pricing` from the repository root. The sums, discount, shipping rule and
// shareByWeight live in contracts/src/money.ts (`npm run mutation:money`).
import { strykerRun } from './stryker-run.mjs';

// Equivalent mutants (they survive; no caller can tell them apart): 5 in unitsByProduct's comparator
// `a < b ? -1 : a > b ? 1 : 0`. The keys come from a Map, so two product ids never tie (`a <= b`,
// `a >= b ? 1`, `true ? 1`), and V8's sort only asks whether the answer is below 0 (array-sort.tq), so
// 0 for `a > b` (`false ? 1`, `a <= b ? 1`) sorts the same; the tests check the order on 3 and on 120
// products.

export default strykerRun('pricing', [
  'services/src/slices/orders/pricing.ts',
  'services/src/slices/orders/order.ts:87-91',
  'projections/src/affiliates/projector.ts:8-14',
]);
