import { createFileRoute } from '@tanstack/react-router';
import { adminOrdersPageQuery } from '../features/admin-orders/api/orders';
import { OrdersPage } from '../features/admin-orders/components/orders-page';
import { OrdersSearch } from '../features/admin-orders/orders-search';

export const Route = createFileRoute('/admin/orders')({
  validateSearch: OrdersSearch,
  loaderDeps: ({ search }) => search,
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(adminOrdersPageQuery(deps));
  },
  component: OrdersRoute,
});

function OrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
