import { createFileRoute } from '@tanstack/react-router';
import { TrackingPage } from '../features/orders/components/tracking-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/track/$id')({
  beforeLoad: requireSignedIn,
  component: function TrackingRoute() {
    const { id } = Route.useParams();
    return <TrackingPage key={id} id={id} />;
  },
});
