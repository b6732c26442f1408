import { createFileRoute, useRouter } from '@tanstack/react-router';
import { trackingQuery } from '../features/orders/api/orders';
import {
  TrackingPage,
  TrackingPageFailed,
  TrackingPageLoading,
} from '../features/orders/components/tracking-page';

export const Route = createFileRoute('/_signed-in/track/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(trackingQuery(params.id)),
  // The loading line shows at once and goes as soon as the tracking is there.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: TrackingPageLoading,
  errorComponent: function TrackingFailed({ error }) {
    const { id } = Route.useParams();
    const router = useRouter();
    return <TrackingPageFailed id={id} error={error} onRetry={() => void router.invalidate()} />;
  },
  component: function TrackingRoute() {
    const { id } = Route.useParams();
    return <TrackingPage key={id} id={id} />;
  },
});
