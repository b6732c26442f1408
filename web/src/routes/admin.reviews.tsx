import { createFileRoute } from '@tanstack/react-router';
import { adminReviewsQuery } from '../features/admin/api/reviews';
import { ReviewsPage } from '../features/admin/components/reviews/reviews-page';

export const Route = createFileRoute('/admin/reviews')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminReviewsQuery());
  },
  component: ReviewsPage,
});
