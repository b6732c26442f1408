import type { AdminReview } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productKeys, reviewKeys } from '../../../lib/query-keys';

/** `GET /api/admin/reviews`: every review with its author. */
export const adminReviewsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.list(),
    queryFn: ({ signal }) => api.get<AdminReview[]>('/api/admin/reviews', { signal }),
  });

/**
 * `DELETE /api/reviews/{id}`. The review leaves the admin list at once; the product's public reviews
 * and its rating (both under the product's keys) are refetched when next shown.
 */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: AdminReview) => api.delete<void>(`/api/reviews/${encodeURIComponent(review.id)}`),
    onSuccess: (_answer, review) => {
      queryClient.setQueryData<AdminReview[]>(reviewKeys.list(), (reviews) =>
        reviews?.filter((candidate) => candidate.id !== review.id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(review.productId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.detail(review.productId) }),
      ]);
    },
  });
}
