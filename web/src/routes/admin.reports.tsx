import { createFileRoute } from '@tanstack/react-router';
import { salesReportQuery } from '../features/admin-reports/api/reports';
import { ReportsPage } from '../features/admin-reports/components/reports-page';
import { ReportsSearch } from '../features/admin-reports/reports-search';

export const Route = createFileRoute('/admin/reports')({
  validateSearch: ReportsSearch,
  loaderDeps: ({ search }) => search,
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(salesReportQuery(deps));
  },
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
