import { createFileRoute } from '@tanstack/react-router';
import { customersPageQuery } from '../features/admin-customers/api/customers';
import { CustomersPage } from '../features/admin-customers/components/customers-page';
import { CustomersSearch } from '../features/admin-customers/customers-search';

export const Route = createFileRoute('/admin/customers')({
  validateSearch: CustomersSearch,
  loaderDeps: ({ search }) => search,
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(customersPageQuery(deps));
  },
  component: CustomersRoute,
});

function CustomersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CustomersPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
