import type { OrderReturn, ReturnStatus } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { orderKeys } from './query-keys';

/** Returns as the admin lists them: every page, keyed by its status filter and cursor. */
export const returnKeys = {
  all: ['returns'] as const,
  page: (filter: { status?: ReturnStatus; cursor?: string }) => [...returnKeys.all, 'page', filter] as const,
};

/**
 * `PUT /api/admin/returns/{id}/status`, from the returns list and the admin's order view. Every page
 * of the list and the order (its returns, timeline and, once received, its stock) are refetched.
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
