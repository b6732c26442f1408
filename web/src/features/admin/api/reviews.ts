import type { AdminReview } from '@shop/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const adminReviewKeys = {
  list: () => ['admin', 'reviews'] as const,
};

/** `GET /api/admin/reviews`: every review with its author. */
export const adminReviewsQuery = () =>
  queryOptions({
    queryKey: adminReviewKeys.list(),
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
      queryClient.setQueryData<AdminReview[]>(adminReviewKeys.list(), (reviews) =>
        reviews?.filter((candidate) => candidate.id !== review.id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reviews', review.productId] }),
        queryClient.invalidateQueries({ queryKey: ['products', review.productId] }),
      ]);
    },
  });
}
