import type { Order, OrderTracking } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderKeys } from '../../../lib/query-keys';

/** `GET /api/orders/{id}`: one order with its items. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  });

/** `GET /api/orders/{id}/tracking`: the order, its progress and the timeline built from its events. */
export const trackingQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.tracking(id),
    queryFn: ({ signal }) =>
      api.get<OrderTracking>(`/api/orders/${encodeURIComponent(id)}/tracking`, { signal }),
  });
