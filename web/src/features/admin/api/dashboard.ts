import type { AdminMetrics, MessagesStatus } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  metrics: () => [...adminKeys.all, 'metrics'] as const,
  customers: () => [...adminKeys.all, 'users'] as const,
  messages: () => [...adminKeys.all, 'messages'] as const,
};

/** `GET /api/admin/metrics`: the order counters and the 30-day sales series. */
export const adminMetricsQuery = () =>
  queryOptions({
    queryKey: adminKeys.metrics(),
    queryFn: ({ signal }) => api.get<AdminMetrics>('/api/admin/metrics', { signal }),
  });

/** `GET /api/admin/messages`: the e-mails sent, waiting and failed, refreshed while the dashboard is open. */
export const adminMessagesQuery = () =>
  queryOptions({
    queryKey: adminKeys.messages(),
    queryFn: ({ signal }) => api.get<MessagesStatus>('/api/admin/messages', { signal }),
    refetchInterval: 30_000,
  });
