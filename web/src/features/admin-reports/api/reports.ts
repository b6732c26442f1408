import type { SalesReport } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, downloadFile } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';
import type { ReportsSearch } from '../reports-search';

const reportPath = (search: ReportsSearch, format?: 'csv') => {
  const params = new URLSearchParams({ from: search.from, to: search.to, by: search.by });
  if (search.asOf) params.set('asOf', search.asOf);
  if (format) params.set('format', format);
  return `/api/admin/reports/sales?${params}`;
};

/** `GET /api/admin/reports/sales`: one report, kept per range, grouping and moment. */
export const salesReportQuery = (search: ReportsSearch) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'reports', 'sales', search] as const,
    queryFn: ({ signal }) => api.get<SalesReport>(reportPath(search), { signal }),
  });

/** Downloads the same report as CSV (the server writes it), under the name the server gives it. */
export const downloadSalesCsv = (search: ReportsSearch): Promise<void> =>
  downloadFile(reportPath(search, 'csv'), 'sales.csv');
