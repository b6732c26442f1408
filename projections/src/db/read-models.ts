import type { Selectable } from 'kysely';
import type { AffiliateReferralsTable, AffiliateRequestsTable, AffiliatesTable } from '../affiliates/tables';
import type {
  CatalogueProductSizesTable,
  CatalogueProductsTable,
  CatalogueReviewsTable,
} from '../catalogue/tables';
import type {
  CustomerCredentialsTable,
  CustomerOrdersTable,
  CustomerSearchTermsTable,
  CustomersTable,
  EndedSessionsTable,
  PasswordResetRequestsTable,
} from '../customers/tables';
import type { MetricsCountersTable, MetricsDailySalesTable, MetricsOrdersTable } from '../metrics/tables';
import type {
  CodLimitLiftsTable,
  CodRefusalsTable,
  OpenReservationsTable,
  OrderCountsTable,
  OrderItemsView,
  OrderNotesTable,
  OrderStatusChangesView,
  OrdersTable,
} from '../orders/tables';
import type { OutboxMessagesTable, ReactorCheckpointsTable } from '../outbox/tables';
import type { PaymentAttemptsTable, PaymentNoticesTable, PaymentProofsTable } from '../payments/tables';
import type { OrderReturnsTable } from '../returns/tables';
import type { ReviewAuthorsTable, ReviewProductsTable, ReviewsTable } from '../reviews/tables';
import type { SalesDailyTable, SalesFactsTable } from '../sales/tables';

/** How a projector stands: applying events, stopped on an event it could not apply, or not started. */
export type ProjectorState = 'running' | 'failed' | 'stopped';

export interface ProjectionCheckpointsTable {
  name: string;
  /** Global position of the last event applied (or skipped as not handled); 0 before the first. */
  position: number;
  status: ProjectorState;
  /** Epoch milliseconds. */
  updated_at: number;
  last_error: string | null;
  failed_position: number | null;
  failed_event_type: string | null;
}

export type ProjectionCheckpointRow = Selectable<ProjectionCheckpointsTable>;

/**
 * The kysely database interface of the read-model file: one line per table, each table's interface
 * defined beside its read model's projector.
 */
/** The migrations table: which steps this database has had. */
export interface MigrationsTable {
  name: string;
  /** Epoch milliseconds. */
  applied_at: number;
}

/** Every table and view of the read-model database, as kysely queries them (a view reads like a table). */
export interface ReadModels {
  migrations: MigrationsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  catalogue_products: CatalogueProductsTable;
  catalogue_product_sizes: CatalogueProductSizesTable;
  catalogue_reviews: CatalogueReviewsTable;
  customers: CustomersTable;
  customer_credentials: CustomerCredentialsTable;
  customer_orders: CustomerOrdersTable;
  customer_search_terms: CustomerSearchTermsTable;
  ended_sessions: EndedSessionsTable;
  password_reset_requests: PasswordResetRequestsTable;
  reviews: ReviewsTable;
  review_authors: ReviewAuthorsTable;
  review_products: ReviewProductsTable;
  orders: OrdersTable;
  /** Views over `orders.lines` and `orders.changes` (migration 011): read-only. */
  order_items: OrderItemsView;
  order_status_changes: OrderStatusChangesView;
  open_reservations: OpenReservationsTable;
  order_counts: OrderCountsTable;
  order_notes: OrderNotesTable;
  cod_refusals: CodRefusalsTable;
  cod_limit_lifts: CodLimitLiftsTable;
  order_returns: OrderReturnsTable;
  affiliate_requests: AffiliateRequestsTable;
  affiliates: AffiliatesTable;
  affiliate_referrals: AffiliateReferralsTable;
  metrics_counters: MetricsCountersTable;
  metrics_daily_sales: MetricsDailySalesTable;
  metrics_orders: MetricsOrdersTable;
  outbox_messages: OutboxMessagesTable;
  reactor_checkpoints: ReactorCheckpointsTable;
  sales_facts: SalesFactsTable;
  sales_daily: SalesDailyTable;
  payment_attempts: PaymentAttemptsTable;
  payment_proofs: PaymentProofsTable;
  payment_notices: PaymentNoticesTable;
}
