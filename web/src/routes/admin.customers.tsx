import { createFileRoute } from '@tanstack/react-router';
import { customersQuery } from '../features/admin/api/dashboard';
import { CustomersPage } from '../features/admin/components/customers/customers-page';

export const Route = createFileRoute('/admin/customers')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(customersQuery());
  },
  component: CustomersPage,
});
