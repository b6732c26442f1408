import type { Product } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';

export type { Product };

/** The whole catalogue list (`GET /api/products`); shared by loaders (`ensureQueryData`) and components. */
export const productsQuery = () =>
  queryOptions({
    queryKey: productKeys.list(),
    queryFn: ({ signal }) => api.get<Product[]>('/api/products', { signal }),
  });

/** One product (`GET /api/products/{id}`), for the product page's loader and component. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });
