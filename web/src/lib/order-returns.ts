import type { OrderReturn } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { orderKeys } from './query-keys';

/**
 * `GET /api/orders/{id}/returns`: an order's returns, oldest first, with their statuses; the same
 * call for its owner's order page and the admin's order view.
 */
export const orderReturnsQuery = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.returns(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderReturn[]>(`/api/orders/${encodeURIComponent(orderId)}/returns`, { signal }),
  });
