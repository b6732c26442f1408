// Mutation testing of options and variants (issue 34): the option/variant rules and what a product
// derives from its variants (contracts/src/variants.ts), the rule that a body's own price, sizes and
// stock agree with its variants, and the variant stock decisions of the product aggregate (which
// variant a size picks out, its units moved; ids and units kept on an edit).
// `npx stryker run services/mutation/stryker.variants.config.mjs` from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun('variants', [
  'contracts/src/variants.ts',
  'contracts/src/catalogue.ts:140-202',
  'services/src/slices/catalogue/product.ts:101-130',
  'services/src/slices/catalogue/decide.ts:96-155',
  'services/src/slices/catalogue/decide.ts:184-188',
]);
