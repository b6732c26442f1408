import { createFileRoute } from '@tanstack/react-router';
import { adminOrdersQuery } from '../features/admin/api/orders';
import { OrdersPage } from '../features/admin/components/orders/orders-page';

export const Route = createFileRoute('/admin/orders')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminOrdersQuery());
  },
  component: OrdersPage,
});
