// Mutation testing of the review and affiliate eligibility rules (issue 36: reviews only from buyers,
// no self-referral): `npm run mutation:trust`, or `npx stryker run services/mutation/stryker.trust.config.mjs`
// from the repository root. Equivalent survivors: `split(/\s+/)` as `/\s/` in the author's name (the last
// piece of a trimmed name is never empty), the address words' `+` (empty pieces are filtered out), and
// `state.status !== 'posted'` in editing (only a posted review has the user it is compared with). The
// decider's exhaustive `default` cannot be reached.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun('trust', [
  'services/src/slices/reviews/eligibility.ts',
  'services/src/slices/reviews/decide.ts',
  'services/src/slices/affiliates/eligibility.ts',
  'services/src/slices/affiliates/code-check.ts:47-61',
  'services/src/slices/affiliates/decide.ts:31-37',
  'contracts/src/reviews.ts:46-52',
]);
