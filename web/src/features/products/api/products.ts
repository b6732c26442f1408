import type { Product } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';

export type { Product };

/** One product (`GET /api/products/{id}`), for the product page's loader and component. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });
