import { z } from 'zod';
import type { CodMetrics } from './cash-on-delivery';
import type { OrderStatus } from './order-status';

/** How a sales report groups its rows (docs/rules/reports.md#sales-report). */
export const SALES_REPORT_GROUPINGS = [
  'day',
  'week',
  'month',
  'category',
  'product',
  'affiliate',
  'city',
  'paymentMethod',
] as const;
export type SalesReportGrouping = (typeof SALES_REPORT_GROUPINGS)[number];

/** What a reader calls each grouping: the screen's choices and the CSV's first heading. */
export const SALES_REPORT_GROUPING_LABELS: Readonly<Record<SalesReportGrouping, string>> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  category: 'Category',
  product: 'Product',
  affiliate: 'Affiliate',
  city: 'City',
  paymentMethod: 'Payment method',
};

/** The longest range a report covers: three years of days, zero-filled by day at most this many rows. */
export const MAX_REPORT_DAYS = 1_100;

const DAY_MS = 86_400_000;

/** A real calendar day, YYYY-MM-DD. */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real date');

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** A day `days` after (or, negative, before) a day. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `asOf`: an ISO timestamp; the answer is the shop as the log stood at that moment. */
export const AsOf = z.iso.datetime({ offset: true, error: 'asOf must be an ISO timestamp' });

/** `?asOf=` on the metrics and an admin's order view. */
export const AsOfQuery = z.object({ asOf: AsOf.optional() });

/** The query of `GET /api/admin/reports/sales`. */
export const SalesReportQuery = z
  .object({
    from: CalendarDay,
    to: CalendarDay,
    by: z.enum(SALES_REPORT_GROUPINGS, {
      error: `by must be one of ${SALES_REPORT_GROUPINGS.join(', ')}`,
    }),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
    asOf: AsOf.optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => daysInRange(query.from, query.to) <= MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

/** One row of a sales report, or its total; money in PKR decimals. */
export interface SalesFigures {
  /** The group: a day, ISO week (2024-W18), month (2024-05), category, product id, affiliate code, city or method. */
  key: string;
  label: string;
  /** Orders placed in the period (an order with lines in two categories counts in both, once in the total). */
  orders: number;
  /** Units sold on those orders. */
  units: number;
  /** The lines at their unit prices. */
  gross: number;
  /** The affiliate discount on them. */
  discounts: number;
  /** Refunds paid in the period. */
  refunds: number;
  /** gross - discounts - refunds. */
  net: number;
  /** (gross - discounts) / orders: what an order came to, shipping aside. */
  averageOrderValue: number;
}

/** Answer of `GET /api/admin/reports/sales`. */
export interface SalesReport {
  from: string;
  to: string;
  by: SalesReportGrouping;
  rows: SalesFigures[];
  total: SalesFigures;
  /** The total of the period of the same length just before `from`. */
  previous: SalesFigures;
  /** Present when the report was replayed from the log up to this moment. */
  asOf?: string;
}

/** A row's share of the total's net sales, in percent with one decimal (0 when the total is 0). */
export function shareOfTotal(row: SalesFigures, total: SalesFigures): number {
  return total.net === 0 ? 0 : Math.round((row.net / total.net) * 1_000) / 10;
}

// The admin dashboard's figures.

export interface SalesPoint {
  /** Calendar day in the shop's time zone, YYYY-MM-DD. */
  date: string;
  /** The day's sales net of the refunds made that day, in the shop currency (rupees). */
  salesPKR: number;
  /** The same figure under the original contract's name, which the API still answers; it was never dollars. */
  salesUSD: number;
  /** The same net amount. */
  amount: number;
  orders: number;
  /** Refunds made that day, already taken out of `amount`. */
  refunds: number;
}

/** Answer of GET /api/admin/metrics. */
export interface AdminMetrics {
  total: number;
  pending: number;
  paid: number;
  delivered: number;
  cancelled: number;
  /** Every order counted once, under its current status: the counts add up to `total`. */
  byStatus: Record<OrderStatus, number>;
  /** Paid or being prepared (Processing), not yet dispatched. */
  toShip: number;
  /** Manual transfers not yet marked paid, and not cancelled. */
  awaitingPayment: number;
  sales: SalesPoint[];
  /** Present when asked `?asOf=`: the dashboard as the log stood at that moment. */
  asOf?: string;
  /** Configured payment accounts and support details that still look like placeholders. */
  configWarnings: string[];
  /** Refused parcels, and the confirmation and refusal rates over the last 30 days. */
  cod?: CodMetrics;
}
