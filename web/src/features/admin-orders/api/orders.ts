import type { Order, OrderNote, OrderStatus, Page } from '@shop/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPageQuery } from '../../../lib/admin-page-query';
import { api, downloadFile } from '../../../lib/api';
import { queryString } from '../../../lib/list-search';
import { orderKeys } from '../../../lib/query-keys';
import type { OrdersSearch } from '../orders-search';

export const orderPageKey = () => [...orderKeys.lists(), 'page'] as const;
/** One page of the orders list (`GET /api/admin/lists/orders`), keyed by its whole search. */
export const adminOrdersPageQuery = (search: OrdersSearch) =>
  adminPageQuery<Order>(orderPageKey(), 'orders', search);

/** The CSV export of the orders the list's filters and search select (cursor and page left out). */
export function ordersCsvPath({ cursor: _cursor, ...filters }: OrdersSearch): string {
  return `/api/admin/lists/orders.csv${queryString(filters)}`;
}

/** Downloads the CSV export of what the list's filters and search select. */
export const downloadOrdersCsv = (search: OrdersSearch): Promise<void> =>
  downloadFile(ordersCsvPath(search), 'orders.csv');

/** `GET /api/orders/{id}`: for an admin it carries the status history. */
export const adminOrderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });

/**
 * An order the server changed and answered: it replaces the order in the pages and in the open
 * detail; the detail is then refetched because only it carries the history the change just extended.
 * Its tracking (keyed below it) and the customer's own order list go stale with it, for a screen of
 * this tab that shows them.
 */
function storeChangedOrder(queryClient: QueryClient, updated: Order) {
  queryClient.setQueriesData<Page<Order>>({ queryKey: orderPageKey() }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((order) => (order.id === updated.id ? { ...order, ...updated } : order)),
        }
      : page,
  );
  queryClient.setQueryData<Order>(orderKeys.detail(updated.id), (order) =>
    order ? { ...order, ...updated } : order,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.detail(updated.id) }),
    queryClient.invalidateQueries({ queryKey: orderKeys.mine() }),
  ]);
}

/** `PUT /api/admin/orders/{id}/status`; the server enforces the state machine. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api.put<Order>(`/api/admin/orders/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: (updated) => storeChangedOrder(queryClient, updated),
  });
}

/** `POST /api/admin/orders/{id}/confirm {note}`: the shop confirmed a cash-on-delivery order by phone. */
export function useConfirmByPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.post<Order>(`/api/admin/orders/${encodeURIComponent(id)}/confirm`, { note }),
    onSuccess: (updated) => storeChangedOrder(queryClient, updated),
  });
}

/** `POST /api/admin/orders/{id}/notes`: the note joins the order's, which is refetched. */
export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<OrderNote>(`/api/admin/orders/${encodeURIComponent(orderId)}/notes`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId), exact: true }),
  });
}
