import { createFileRoute } from '@tanstack/react-router';
import { TrackingPage } from '../features/orders/components/tracking-page';

export const Route = createFileRoute('/_signed-in/track/$id')({
  component: function TrackingRoute() {
    const { id } = Route.useParams();
    return <TrackingPage key={id} id={id} />;
  },
});
