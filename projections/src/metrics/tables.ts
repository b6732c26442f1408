import type { Generated } from 'kysely';

/**
 * Running counts for the dashboard: `orders` (every order placed), `paid` (orders marked paid), and
 * one row per order status with how many orders are in it now (e.g. `status:Pending`).
 */
export interface MetricsCountersTable {
  name: string;
  value: number;
}

/**
 * Sales per calendar day in the shop's time zone (YYYY-MM-DD), cancelled orders taken out, net of the
 * refunds made that day.
 */
export interface MetricsDailySalesTable {
  day: string;
  /** Sum of the orders' totals less the day's refunds, minor units. */
  amount: number;
  orders: number;
  /** Refunds made that day (migration 019), minor units, already taken out of `amount`; 0 unless written. */
  refunds: Generated<number>;
}

/** What a cancellation must take back out of its day: the order's day and total. */
export interface MetricsOrdersTable {
  order_id: string;
  day: string;
  total_price: number;
}
