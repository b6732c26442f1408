import type { Order, OrderReturn, ReturnRequestInput } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/**
 * `POST /api/orders/{id}/cancel`. The answer replaces the order; its tracking (the timeline's new
 * step) and the shopper's order list are refetched.
 */
export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`),
    onSuccess: (order) => {
      queryClient.setQueryData<Order>(orderKeys.detail(orderId), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.tracking(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.returns(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]);
    },
  });
}

/** `POST /api/orders/{id}/returns`: the new return joins the order's; the timeline gains its step. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnRequestInput) =>
      api.post<OrderReturn>(`/api/orders/${encodeURIComponent(orderId)}/returns`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.returns(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.tracking(orderId) }),
      ]),
  });
}
