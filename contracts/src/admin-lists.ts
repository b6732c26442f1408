import { z } from 'zod';
import type { User } from './accounts';
import { AFFILIATE_STATUSES, type AffiliateStatus } from './affiliates';
import { type CodStanding, ConfirmationFilter } from './cash-on-delivery';
import { OrderStatus } from './order-status';
import { PaymentMethod } from './payment-methods';
import { CalendarDay } from './reports';

/**
 * The admin's paged lists (`GET /api/admin/lists/...`): each page is cut by an opaque cursor and
 * answers how many rows match in all. Query strings are parsed by the schemas below, on the server
 * and in the screens' URLs alike.
 */

/** One page of an admin list. `nextCursor` and `previousCursor` are null at either end. */
export interface Page<T> {
  items: T[];
  /** Every row that matches the filters and the search, on all pages. */
  total: number;
  nextCursor: string | null;
  previousCursor: string | null;
}

export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const paging = {
  /** Opaque: only ever a value a page answered, for the same list and sort. */
  cursor: z.string().max(1_000, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
};

/** Text to search for; blank is no search. */
const search = z
  .string()
  .trim()
  .max(100, 'search must be at most 100 characters')
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true');

export const ORDER_SORTS = ['newest', 'oldest', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** What narrows the orders list: every filter and the search combine (AND). */
export const OrderListFilters = z.object({
  status: OrderStatus.optional(),
  paymentMethod: PaymentMethod.optional(),
  paid: flag('paid').optional(),
  delivered: flag('delivered').optional(),
  /** Cash-on-delivery orders by their confirmation. */
  confirmation: ConfirmationFilter.optional(),
  /** Placed on or after this day (shop's time zone). */
  from: CalendarDay.optional(),
  /** Placed on or before this day (shop's time zone). */
  to: CalendarDay.optional(),
  /** An order id or its start, the 8 characters a list shows, or the buyer's name, e-mail or phone. */
  search,
});
export type OrderListFilters = z.infer<typeof OrderListFilters>;

const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const fromNotAfterToIssue = { message: 'from must not be after to', path: ['from'] };

/** `GET /api/admin/lists/orders` and its CSV export (which ignores cursor and limit). */
export const AdminOrdersQuery = OrderListFilters.extend({
  sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}` }).default('newest'),
  ...paging,
}).refine(fromNotAfterTo, fromNotAfterToIssue);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const CUSTOMER_SORTS = ['joined', 'orders', 'spent'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** `GET /api/admin/lists/customers`: newest customers first unless told otherwise. */
export const AdminCustomersQuery = z.object({
  /** Name, e-mail or phone (any format). */
  search,
  sort: z
    .enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` })
    .default('joined'),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }).default('desc'),
  ...paging,
});
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuery>;

/** `GET /api/admin/lists/reviews`: newest first, optionally one product's. */
export const AdminReviewsQuery = z.object({
  productId: z.string().trim().min(1).max(64, 'productId is not valid').optional(),
  ...paging,
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuery>;

/** `GET /api/admin/lists/affiliate-requests`: newest first, optionally of one status. */
export const AffiliateRequestsQuery = z.object({
  status: z
    .enum(AFFILIATE_STATUSES, { error: `status must be one of ${AFFILIATE_STATUSES.join(', ')}` })
    .optional(),
  ...paging,
});
export type AffiliateRequestsQuery = z.infer<typeof AffiliateRequestsQuery>;

/** `GET /api/admin/lists/products`: the products on sale, newest first. */
export const AdminProductsQuery = z.object({ ...paging });
export type AdminProductsQuery = z.infer<typeof AdminProductsQuery>;

/** A customer's affiliate standing: their latest request, and the code and its uses once approved. */
export interface CustomerAffiliate {
  status: AffiliateStatus;
  code: string | null;
  useCount: number;
}

/** A row of the admin's customers list. Money in major units. */
export interface AdminCustomer extends User {
  /** Orders placed, cancelled ones left out. */
  orderCount: number;
  /**
   * What they paid and kept: totals of paid orders (a COD parcel once delivered), cancelled and refused
   * ones left out, refunds taken off.
   */
  totalSpent: number;
  /** Null when they never applied to the affiliate programme. */
  affiliate: CustomerAffiliate | null;
  /** Refused parcels and whether cash on delivery is refused to them now. */
  cod?: CodStanding;
}
