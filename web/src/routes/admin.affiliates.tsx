import { createFileRoute } from '@tanstack/react-router';
import { affiliateRequestsQuery } from '../features/admin/api/affiliates';
import { AffiliatesPage } from '../features/admin/components/affiliates/affiliates-page';

export const Route = createFileRoute('/admin/affiliates')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(affiliateRequestsQuery());
  },
  component: AffiliatesPage,
});
