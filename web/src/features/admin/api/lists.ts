import type { AdminCustomer, AdminReview, AffiliateRequest, Order, Page } from '@shop/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api';
import { affiliateKeys, orderKeys, reviewKeys } from '../../../lib/query-keys';
import {
  type AffiliatesSearch,
  type CustomersSearch,
  type OrdersSearch,
  queryString,
  type ReviewsSearch,
} from '../list-search';
import { adminKeys } from './dashboard';

/**
 * The admin's paged lists (`GET /api/admin/lists/...`). A page is keyed by its whole search, so
 * changing a filter or the page starts a new query; TanStack Query aborts the one it replaces (its
 * signal goes to fetch), and the previous page stays on screen until the next one arrives.
 */
function pageQuery<T>(key: readonly unknown[], list: string, search: object) {
  return queryOptions({
    queryKey: [...key, search],
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/api/admin/lists/${list}${queryString({ ...search })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const orderPageKey = () => [...orderKeys.lists(), 'page'] as const;
export const adminOrdersPageQuery = (search: OrdersSearch) =>
  pageQuery<Order>(orderPageKey(), 'orders', search);

export const customerPageKey = () => [...adminKeys.customers(), 'page'] as const;
export const customersPageQuery = (search: CustomersSearch) =>
  pageQuery<AdminCustomer>(customerPageKey(), 'customers', search);

export const reviewPageKey = () => [...reviewKeys.all, 'page'] as const;
export const adminReviewsPageQuery = (search: ReviewsSearch) =>
  pageQuery<AdminReview>(reviewPageKey(), 'reviews', search);

export const affiliatePageKey = () => [...affiliateKeys.requests(), 'page'] as const;
export const affiliateRequestsPageQuery = (search: AffiliatesSearch) =>
  pageQuery<AffiliateRequest>(affiliatePageKey(), 'affiliate-requests', search);

/** The CSV export of the orders the list's filters and search select (cursor and page left out). */
export function ordersCsvPath({ cursor: _cursor, ...filters }: OrdersSearch): string {
  return `/api/admin/lists/orders.csv${queryString(filters)}`;
}

/** Downloads the CSV export of what the list's filters and search select. */
export const downloadOrdersCsv = (search: OrdersSearch): Promise<void> =>
  downloadFile(ordersCsvPath(search), 'orders.csv');
