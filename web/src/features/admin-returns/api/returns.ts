import type { ReturnStatus, ReturnsPage } from '@shop/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { returnKeys } from '../../../lib/return-moves';

export interface ReturnsFilter {
  status?: ReturnStatus;
  cursor?: string;
}

/** `GET /api/admin/returns`: one page of returns, newest first, with the total and the next cursor. */
export const adminReturnsQuery = (filter: ReturnsFilter) =>
  queryOptions({
    queryKey: returnKeys.page(filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.status) query.set('status', filter.status);
      if (filter.cursor) query.set('cursor', filter.cursor);
      const search = query.toString();
      return api.get<ReturnsPage>(`/api/admin/returns${search ? `?${search}` : ''}`, { signal });
    },
    // The page shown stays while the next one loads, as in the other admin lists.
    placeholderData: keepPreviousData,
  });
