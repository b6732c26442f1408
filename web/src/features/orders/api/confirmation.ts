import type { ConfirmedByLink, Order, OrderToConfirm } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/**
 * `POST /api/orders/{id}/confirm`: the owner confirms a cash-on-delivery order on its page. The page
 * was opened by id or by reference (`shownAs`, its cache key): that order and its tracking (the
 * timeline's confirmation step) refetch, and so does the order list.
 */
export function useConfirmOrder(orderId: string, shownAs: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Order>(`/api/orders/${encodeURIComponent(orderId)}/confirm`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(shownAs) }),
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      ]),
  });
}

/**
 * `POST /api/orders/confirm {token}`: a confirmation from the message's link, without signing in. A
 * forged or expired token is a 400 with the server's message.
 */
export const confirmByLink = (token: string) => api.post<ConfirmedByLink>('/api/orders/confirm', { token });

/**
 * `GET /api/orders/confirm?token=`: the order the link names, read signed out before anything is
 * pressed (reading it confirms nothing). A forged or expired token is a 400, not worth a retry.
 */
export function useOrderToConfirm(token: string | undefined) {
  return useQuery({
    queryKey: ['orders', 'to-confirm', token],
    queryFn: () => api.get<OrderToConfirm>(`/api/orders/confirm?token=${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token),
    retry: false,
  });
}
