import type { MyReview, MyReviews, PublicReview, ReviewEditInput, ReviewRequest } from '@shop/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { reviewKeys } from '../../../lib/query-keys';

/** A product's public reviews (`GET /api/reviews/{productId}`): "Verified buyer" ones and earlier ones. */
export const productReviewsQuery = (productId: string) =>
  queryOptions({
    queryKey: reviewKeys.forProduct(productId),
    queryFn: ({ signal }) =>
      api.get<PublicReview[]>(`/api/reviews/${encodeURIComponent(productId)}`, { signal }),
  });

/**
 * What the signed-in shopper may review (her delivered lines not reviewed yet) and her own reviews
 * (`GET /api/reviews/mine`), of one product when given.
 */
export const myReviewsQuery = (productId?: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(productId),
    queryFn: ({ signal }) =>
      api.get<MyReviews>(
        `/api/reviews/mine${productId ? `?productId=${encodeURIComponent(productId)}` : ''}`,
        { signal },
      ),
  });

/** `POST /api/reviews` as the signed-in buyer. */
export const postReview = (input: ReviewRequest) => api.post<MyReview>('/api/reviews', input);

/** `PUT /api/reviews/{id}`: the author edits her review. */
export const editReview = ({ id, ...input }: ReviewEditInput & { id: string }) =>
  api.put<MyReview>(`/api/reviews/${encodeURIComponent(id)}`, input);
