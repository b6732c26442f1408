import type { SalesReport } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';
import { adminKeys } from '../api/dashboard';
import type { ReportsSearch } from './reports-search';

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
export async function downloadSalesCsv(search: ReportsSearch): Promise<void> {
  const token = sessionStore.get()?.token;
  const response = await fetch(reportPath(search, 'csv'), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'The CSV could not be downloaded.');
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'sales.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
