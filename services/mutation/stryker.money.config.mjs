// Mutation testing of the money helpers every price, total, refund and report goes through
// (contracts/src/money.ts): `npm run mutation:money` from the repository root.
import { strykerRun } from './stryker-run.mjs';

// Equivalent mutants (they survive; no caller can tell them apart):
// - `.finite('')` on PriceAmount and MoneyAmount (2): in zod 4 `z.number()` itself refuses Infinity and
//   NaN with its own message ('must be a number'); `.finite()` is a documented no-op.
// - markdownPercent's `originalPrice === null` -> `false`: toMinor(null) is 0, and `was <= now` then
//   answers null for every price PriceAmount accepts (positive).
// - shareByWeight's tie-break `a.index - b.index` -> `a.index + b.index`: Array.prototype.sort is stable
//   and the entries are built in index order, so ties already keep the earlier weight first; V8's sort
//   treats the mutant's positive answer for a tie like 0 (the same order on 10 to 500 entries).

export default strykerRun('money', ['contracts/src/money.ts']);
