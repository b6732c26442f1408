import type { Page } from '@shop/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryString } from './list-search';

/**
 * The admin's paged lists (`GET /api/admin/lists/...`). A page is keyed by its whole search, so
 * changing a filter or the page starts a new query; TanStack Query aborts the one it replaces (its
 * signal goes to fetch), and the previous page stays on screen until the next one arrives.
 */
export function adminPageQuery<T>(key: readonly unknown[], list: string, search: object) {
  return queryOptions({
    queryKey: [...key, search],
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/api/admin/lists/${list}${queryString({ ...search })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
