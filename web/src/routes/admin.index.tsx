import { createFileRoute } from '@tanstack/react-router';
import { adminMetricsQuery } from '../features/admin-reports/api/dashboard';
import { productListQuery } from '../lib/product-list';
import { Dashboard } from './-components/admin-dashboard';

export const Route = createFileRoute('/admin/')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // Start both calls early (also on hover of a link) without blocking: the page shows its own states.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminMetricsQuery());
    void queryClient.prefetchQuery(productListQuery());
  },
  component: Dashboard,
});
