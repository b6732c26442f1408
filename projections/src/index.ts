/**
 * The read models: their database (kysely-built SQL run synchronously on better-sqlite3), the
 * projectors that build them from the event log, and the runner that keeps them up to date.
 *
 * Each read model's folder holds `tables.ts` (its kysely tables), `projector.ts`, `queries.ts` (answers
 * in the API's shapes) and, where those need them, `rows.ts` (row reads). This face names what the
 * server, the checks and the benches use; everything else stays inside the package.
 */

export {
  affiliateRequestOf,
  affiliateRequestPage,
  allAffiliateRequestsInChunks,
} from './affiliates/queries';
export {
  commissionOf,
  findAffiliate,
  findAffiliateByCode,
  findAffiliateRequest,
  latestAffiliateRequestOf,
} from './affiliates/rows';
export { allProjectors } from './all-projectors';
export { catalogueProjector } from './catalogue/projector';
export {
  adminProductPage,
  allProductsInChunks,
  categoryCounts,
  findCatalogueEntry,
  findProduct,
  hasEverHadProducts,
  knownCategorySpelling,
  type LiveProductStamp,
  liveProductStamps,
  queryCatalogue,
} from './catalogue/queries';
export { customersProjector } from './customers/projector';
export {
  allCustomersInChunks,
  customerListPage,
  findCredentials,
  findCustomer,
  findCustomerByEmail,
  findPasswordResetRequest,
  findSessionHolder,
} from './customers/queries';
export { countDeliveredOrders } from './customers/rows';
export type { Migration, ReadModelsDb } from './db/database';
export { readModelMigrations } from './db/migrations';
export { openReadModels } from './db/open';
export type { KeysetPage, PageStart, Position } from './db/paging';
export { calendarDay, daysBetween, isoWeek, localDateTime } from './metrics/days';
export { metricsProjector } from './metrics/projector';
export { dailySales, orderCounts } from './metrics/queries';
export {
  codMetrics,
  codStanding,
  isPhoneOfOrders,
  listAwaitingConfirmations,
} from './orders/cash-on-delivery';
export { ordersProjector } from './orders/projector';
export {
  allOrders,
  allOrdersInChunks,
  orderDetails,
  orderIdOf,
  orderListChunks,
  orderListPage,
  ordersOfUser,
  orderTracking,
} from './orders/queries';
export {
  findOrderOwner,
  listOrdersOfUser,
  listSweepableReservations,
} from './orders/rows';
export {
  channelMessageCounts,
  dueMessages,
  findReactorCheckpoint,
  saveReactorCheckpoint,
} from './outbox/queries';
export { paymentsProjector, transactionKey } from './payments/projector';
export {
  findPaymentAttempt,
  findPaymentProof,
  listPaymentProofs,
  ordersSharingTransaction,
  paymentsOfOrder,
  pendingPaymentAttempts,
  rejectedPaymentNotices,
} from './payments/rows';
export type { PaymentAttemptRow, PaymentNoticeRow, PaymentProofRow } from './payments/tables';
export { adminReturns, orderReturns, returnDetails } from './returns/queries';
export { listReturnsOfOrder } from './returns/rows';
export type { StoredReturnLine } from './returns/tables';
export { reviewsProjector } from './reviews/projector';
export {
  adminReviewPage,
  allAdminReviewsInChunks,
  countVerifiedReviewsByUser,
  latestVerifiedReviews,
  listPublicReviews,
  listReviewsOfUser,
} from './reviews/queries';
export { readAsOf } from './runner/as-of';
export type { ProjectionStatus, ProjectorStatus } from './runner/projection-status';
export type { Projector } from './runner/projector';
export { ProjectionRunner } from './runner/runner';

export { salesProjector } from './sales/projector';
export { salesReport } from './sales/queries';
