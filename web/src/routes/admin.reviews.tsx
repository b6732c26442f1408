import { createFileRoute } from '@tanstack/react-router';
import { adminReviewsPageQuery } from '../features/admin-reviews/api/reviews';
import { ReviewsPage } from '../features/admin-reviews/components/reviews-page';
import { ReviewsSearch } from '../features/admin-reviews/reviews-search';

export const Route = createFileRoute('/admin/reviews')({
  validateSearch: ReviewsSearch,
  loaderDeps: ({ search }) => search,
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(adminReviewsPageQuery(deps));
  },
  component: ReviewsPageRoute,
});

function ReviewsPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReviewsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
