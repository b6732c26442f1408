import type { Order, OrderStatus, Page } from '@shop/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';
import { orderPageKey } from './lists';

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
