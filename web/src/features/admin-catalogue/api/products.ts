import type { CategoryCount, Product, ProductInput, UploadResult } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys } from '../../../lib/query-keys';

/*
 * The keys are the catalogue's own (lib/query-keys.ts), the same as the shopper screens use for the
 * same calls, so a change made here refreshes what shoppers see in this tab too.
 */
export type { Product };

/** `GET /api/products/{id}`: one product, to prefill the edit form. */
export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });

/**
 * `GET /api/categories`: the categories of the products on sale, for the product form's list. Under
 * the products' key, so saving or deleting a product refreshes it.
 */
export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: [...productKeys.all, 'categories'] as const,
    queryFn: ({ signal }) => api.get<CategoryCount[]>('/api/categories', { signal }),
  });

/** `POST /api/upload` with the file in the multipart field `image`. */
export function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  return api.post<UploadResult>('/api/upload', body);
}

export interface SaveProductArgs {
  /** Absent when creating. */
  id?: string;
  input: ProductInput;
}

/** Creates (`POST /api/products`) or replaces (`PUT /api/products/{id}`) a product. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveProductArgs) =>
      id === undefined
        ? api.post<Product>('/api/products', input)
        : api.put<Product>(`/api/products/${encodeURIComponent(id)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `DELETE /api/products/{id}`; the row leaves the cached list at once, then the catalogue refreshes. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/products/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Product[]>(productKeys.list(), (products) =>
        products?.filter((product) => product.id !== id),
      );
      queryClient.removeQueries({ queryKey: productKeys.detail(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
