/**
 * Sales facts: one row per order line (`is_sale` 1, `ref` `line:{lineId}`) and per refunded line
 * (`is_sale` 0, `ref` `refund:{returnId}:{lineId}`), each with the dimensions a report groups by.
 * A sale is dated on the Karachi day its order was placed, a refund on the day it was paid. The rows
 * of a cancelled order are deleted: cancelled orders are left out of sales, as on the dashboard.
 * Money in minor units.
 */
export interface SalesFactsTable {
  order_id: string;
  ref: string;
  is_sale: number;
  /** YYYY-MM-DD in the shop's time zone. */
  day: string;
  /** The ISO week of `day`, YYYY-Www. */
  week: string;
  product_id: string;
  /** The product's name on the order. */
  product_name: string;
  category: string;
  /** The order's affiliate code, or `(none)`. */
  affiliate: string;
  city: string;
  payment_method: string;
  /** Units sold (0 on a refund row). */
  units: number;
  /** unitPrice x qty (0 on a refund row). */
  gross: number;
  /** The line's share of the order's affiliate discount (0 on a refund row). */
  discount: number;
  /** What was paid back (0 on a sale row). */
  refund: number;
}

/** The dimensions `sales_daily` sums by; `all` has one key, `''`, for the whole shop (and day, week, month). */
export type SalesDimension = 'all' | 'category' | 'product' | 'affiliate' | 'city' | 'paymentMethod';

/**
 * The facts summed per dimension, day and key, kept with them. `orders` counts the orders placed that
 * day with a line under the key (an order is placed on one day, so these add up over days exactly).
 */
export interface SalesDailyTable {
  dimension: SalesDimension;
  day: string;
  key: string;
  week: string;
  /** What a reader sees for the key: the product's name, else the key. */
  label: string;
  orders: number;
  units: number;
  gross: number;
  discount: number;
  refund: number;
}
