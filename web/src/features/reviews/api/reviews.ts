import type { Product, PublicReview, ReviewInput } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys, reviewKeys } from '../../../lib/query-keys';

/** A product's public reviews (`GET /api/reviews/{productId}`), every author 'Anonymous'. */
export const productReviewsQuery = (productId: string) =>
  queryOptions({
    queryKey: reviewKeys.forProduct(productId),
    queryFn: ({ signal }) =>
      api.get<PublicReview[]>(`/api/reviews/${encodeURIComponent(productId)}`, { signal }),
  });

/** `POST /api/reviews` as the signed-in user. */
export const postReview = (input: ReviewInput) => api.post<unknown>('/api/reviews', input);

/** The products to choose from on /review (`GET /api/products`, no authentication). */
export const reviewableProductsQuery = () =>
  queryOptions({
    queryKey: productKeys.list(),
    queryFn: ({ signal }) => api.get<Product[]>('/api/products', { signal }),
  });
