import type { OrderNote, OrderReturn, ReturnStatus, ReturnsPage } from '@shop/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/** Returns as the admin lists them: every page, keyed by its status filter and cursor. */
const returnKeys = {
  all: ['returns'] as const,
  page: (filter: ReturnsFilter) => [...returnKeys.all, 'page', filter] as const,
};

export interface ReturnsFilter {
  status?: ReturnStatus;
  cursor?: string;
}

/** `GET /api/admin/returns`: one page of returns, newest first, with the total and the next cursor. */
export const adminReturnsQuery = (filter: ReturnsFilter) =>
  queryOptions({
    queryKey: returnKeys.page(filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.status) query.set('status', filter.status);
      if (filter.cursor) query.set('cursor', filter.cursor);
      const search = query.toString();
      return api.get<ReturnsPage>(`/api/admin/returns${search ? `?${search}` : ''}`, { signal });
    },
    // The page shown stays while the next one loads, as in the other admin lists.
    placeholderData: keepPreviousData,
  });

/**
 * `PUT /api/admin/returns/{id}/status`. Every page of the list and the order (its returns, timeline
 * and, once received, its stock) are refetched.
 */
export function useMoveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReturnStatus }) =>
      api.put<OrderReturn>(`/api/admin/returns/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: (moved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: returnKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(moved.orderId) }),
      ]),
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
