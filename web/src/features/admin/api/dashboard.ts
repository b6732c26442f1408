import type { AdminMetrics } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  metrics: () => [...adminKeys.all, 'metrics'] as const,
  customers: () => [...adminKeys.all, 'users'] as const,
};

/** `GET /api/admin/metrics`: the order counters and the 30-day sales series. */
export const adminMetricsQuery = () =>
  queryOptions({
    queryKey: adminKeys.metrics(),
    queryFn: ({ signal }) => api.get<AdminMetrics>('/api/admin/metrics', { signal }),
  });
