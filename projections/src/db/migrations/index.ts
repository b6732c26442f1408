import type { Migration } from '../database';
import { projectionCheckpoints } from './001-projection-checkpoints';
import { catalogue } from './002-catalogue';
import { customers } from './003-customers';
import { reviews } from './004-reviews';
import { orders } from './005-orders';
import { affiliates } from './006-affiliates';
import { metrics } from './007-metrics';
import { catalogueFilterIndex } from './008-catalogue-filter-index';
import { catalogueRatingIndex } from './009-catalogue-rating-index';
import { openReservationsWithoutPlaced } from './010-open-reservations-without-placed';
import { ordersAsDocuments } from './011-orders-as-documents';
import { adminListIndexes } from './012-admin-list-indexes';
import { customerTotals } from './013-customer-totals';
import { catalogueStockBySize } from './014-catalogue-stock-by-size';
import { orderReferences } from './015-order-references';
import { sessionsAndPasswordResets } from './016-sessions-and-password-resets';
import { outbox } from './017-outbox';
import { ordersAfterSale } from './018-orders-after-sale';
import { returnsAndRefunds } from './019-returns-and-refunds';
import { salesFacts } from './020-sales-facts';
import { salesDaily } from './021-sales-daily';
import { cashOnDelivery } from './022-cash-on-delivery';
import { confirmationsAsked } from './023-confirmations-asked';
import { outboxWithdrawn } from './024-outbox-withdrawn';
import { phoneKeysByUser } from './025-phone-keys-by-user';
import { verifiedReviews } from './027-verified-reviews';
import { emailVerified } from './030-email-verified';
import { catalogueVariants } from './033-catalogue-variants';
import { payments } from './036-payments';
import { cancelledOrdersAwaitNothing } from './043-cancelled-orders-await-nothing';
import { spentIsPaidAndKept } from './044-spent-is-paid-and-kept';
import { refusedParcelsAreNoSales } from './045-refused-parcels-are-no-sales';

/** Every read-model migration, in number order. Adding a read model's tables is one line here. */
export const readModelMigrations: readonly Migration[] = [
  projectionCheckpoints,
  catalogue,
  customers,
  reviews,
  orders,
  affiliates,
  metrics,
  catalogueFilterIndex,
  catalogueRatingIndex,
  openReservationsWithoutPlaced,
  ordersAsDocuments,
  adminListIndexes,
  customerTotals,
  catalogueStockBySize,
  orderReferences,
  sessionsAndPasswordResets,
  outbox,
  ordersAfterSale,
  returnsAndRefunds,
  salesFacts,
  salesDaily,
  cashOnDelivery,
  confirmationsAsked,
  outboxWithdrawn,
  phoneKeysByUser,
  verifiedReviews,
  emailVerified,
  catalogueVariants,
  payments,
  cancelledOrdersAwaitNothing,
  spentIsPaidAndKept,
  refusedParcelsAreNoSales,
];
