import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { adminProofsQuery } from '../features/admin-payments/api/payments';
import { PaymentsPage } from '../features/admin-payments/components/payments-page';

/** `?state=submitted|accepted|rejected|all`; the proofs to check unless told. */
const PaymentsSearch = z.object({
  state: z.enum(['submitted', 'accepted', 'rejected', 'all']).optional().catch(undefined),
});

const stateOf = (state: z.infer<typeof PaymentsSearch>['state']) =>
  state === 'all' ? undefined : (state ?? 'submitted');

export const Route = createFileRoute('/admin/payments')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search) => PaymentsSearch.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(adminProofsQuery(stateOf(deps.state)));
  },
  component: function AdminPaymentsRoute() {
    return <PaymentsPage state={stateOf(Route.useSearch().state)} />;
  },
});
