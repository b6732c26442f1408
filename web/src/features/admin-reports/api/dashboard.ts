import type { AdminMetrics, MessagesStatus } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

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
