// Mutation testing of stock per size (issue 26): the product aggregate and its decisions, the
// pricing check per size, the input rules and the upcasters of an old log.
// `npm run mutation:stock` from the repository root.
import { strykerRun } from './stryker-run.mjs';

export default strykerRun(
  'stock',
  [
    'services/src/slices/catalogue/product.ts',
    'services/src/slices/catalogue/decide.ts',
    'services/src/slices/orders/pricing.ts:71-75',
    'services/src/slices/orders/order.ts:114-126',
    'services/src/platform/events/upcasters.ts:28-40',
    'contracts/src/catalogue.ts:10-17',
    'contracts/src/catalogue.ts:57-127',
  ],
  85,
);
