import { ReturnStatus } from '@shop/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminReturnsQuery } from '../features/admin-returns/api/returns';
import { ReturnsPage } from '../features/admin-returns/components/returns-page';

/** The filter and page in the URL; anything else in them is dropped rather than refused. */
const ReturnsSearch = z.object({
  status: ReturnStatus.optional().catch(undefined),
  cursor: z.string().max(500).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/returns')({
  // Admin code, loader included, stays out of the shopper's bundle.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search) => ReturnsSearch.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(adminReturnsQuery(deps));
  },
  component: function AdminReturnsRoute() {
    return <ReturnsPage filter={Route.useSearch()} />;
  },
});
