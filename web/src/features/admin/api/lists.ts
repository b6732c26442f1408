import type { AdminCustomer, AdminReview, AffiliateRequest, Order, Page } from '@shop/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { affiliateKeys, orderKeys, reviewKeys } from '../../../lib/query-keys';
import { sessionStore } from '../../../lib/session';
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

/**
 * Downloads the CSV export. The call needs the admin's token, which a plain link cannot send, so the
 * file is fetched and handed to the browser as a download.
 */
export async function downloadOrdersCsv(search: OrdersSearch): Promise<void> {
  const response = await fetch(ordersCsvPath(search), {
    headers: { Authorization: `Bearer ${sessionStore.get()?.token ?? ''}` },
  });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'orders.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
