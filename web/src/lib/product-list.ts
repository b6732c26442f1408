import type { Product } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { productKeys } from './query-keys';

/** `GET /api/products`: the whole catalogue, for the dashboard's product table and the reviews' filter. */
export const productListQuery = () =>
  queryOptions({
    queryKey: productKeys.list(),
    queryFn: ({ signal }) => api.get<Product[]>('/api/products', { signal }),
  });
