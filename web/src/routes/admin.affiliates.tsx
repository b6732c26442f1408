import { createFileRoute } from '@tanstack/react-router';
import { affiliateRequestsPageQuery } from '../features/admin-customers/api/affiliates';
import { AffiliatesPage } from '../features/admin-customers/components/affiliates-page';
import { AffiliatesSearch } from '../features/admin-customers/customers-search';

export const Route = createFileRoute('/admin/affiliates')({
  validateSearch: AffiliatesSearch,
  loaderDeps: ({ search }) => search,
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(affiliateRequestsPageQuery(deps));
  },
  component: AffiliatesPageRoute,
});

function AffiliatesPageRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AffiliatesPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
