import type { AdminReview, Page } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPageQuery } from '../../../lib/admin-page-query';
import { api } from '../../../lib/api';
import { productKeys, reviewKeys } from '../../../lib/query-keys';
import type { ReviewsSearch } from '../reviews-search';

export const reviewPageKey = () => [...reviewKeys.all, 'page'] as const;
/** One page of the reviews list (`GET /api/admin/lists/reviews`), keyed by its whole search. */
export const adminReviewsPageQuery = (search: ReviewsSearch) =>
  adminPageQuery<AdminReview>(reviewPageKey(), 'reviews', search);

/**
 * `DELETE /api/reviews/{id}`. The review leaves the admin's pages at once (which are then read again,
 * so the next review moves up); the product's public reviews and its rating (both under the
 * product's keys) are refetched when next shown.
 */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: AdminReview) => api.delete<void>(`/api/reviews/${encodeURIComponent(review.id)}`),
    onSuccess: (_answer, review) => {
      queryClient.setQueriesData<Page<AdminReview>>({ queryKey: reviewPageKey() }, (page) =>
        page?.items.some((candidate) => candidate.id === review.id)
          ? {
              ...page,
              items: page.items.filter((candidate) => candidate.id !== review.id),
              total: page.total - 1,
            }
          : page,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewPageKey() }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.forProduct(review.productId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.detail(review.productId) }),
      ]);
    },
  });
}
