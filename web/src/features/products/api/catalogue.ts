import type { CataloguePage } from '@shop/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';
import type { CatalogueFilters } from '../catalogue-search';

/** First page and each Load More (docs/rules/catalogue.md#page-sizes: home 9 + 6, shopping 12 + 12). */
export interface PageSizes {
  first: number;
  more: number;
}

export const HOME_PAGES: PageSizes = { first: 9, more: 6 };
export const SHOPPING_PAGES: PageSizes = { first: 12, more: 12 };

export interface PageParam {
  offset: number;
  limit: number;
}

/** `GET /api/catalogue?...` with only the parameters that are set. */
export function catalogueUrl(filters: CatalogueFilters, { offset, limit }: PageParam): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  params.set('offset', String(offset));
  params.set('limit', String(limit));
  return `/api/catalogue?${params}`;
}

/**
 * The server-side catalogue (filter, search, sort, category counts) page by page. The filters are
 * part of the key, so any change starts again from the first page.
 */
export const catalogueQuery = (filters: CatalogueFilters, pages: PageSizes) =>
  infiniteQueryOptions({
    queryKey: productKeys.catalogue(filters, pages),
    queryFn: ({ pageParam, signal }) => api.get<CataloguePage>(catalogueUrl(filters, pageParam), { signal }),
    initialPageParam: { offset: 0, limit: pages.first } as PageParam,
    getNextPageParam: (last, all): PageParam | undefined => {
      const loaded = all.reduce((sum, page) => sum + page.products.length, 0);
      // An empty page means the catalogue shrank under us; stop rather than ask again forever.
      if (loaded >= last.total || last.products.length === 0) return undefined;
      return { offset: loaded, limit: pages.more };
    },
  });
