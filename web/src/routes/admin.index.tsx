import { createFileRoute } from '@tanstack/react-router';
import { adminMetricsQuery } from '../features/admin/api/dashboard';
import { adminProductsQuery } from '../features/admin/api/products';
import { Dashboard } from '../features/admin/components/dashboard/dashboard';

export const Route = createFileRoute('/admin/')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // Start both calls early (also on hover of a link) without blocking: the page shows its own states.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminMetricsQuery());
    void queryClient.prefetchQuery(adminProductsQuery());
  },
  component: Dashboard,
});
