// Mutation testing of the JazzCash hash, what a notice is read as, and the payment decisions
// (issue 41): `npm run mutation:payments` from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun(
  'payments',
  [
    'services/src/slices/payments/jazzcash-hash.ts',
    'services/src/slices/payments/jazzcash.ts',
    'services/src/slices/payments/decide.ts',
    'services/src/slices/payments/payment.ts',
  ],
  90,
);
