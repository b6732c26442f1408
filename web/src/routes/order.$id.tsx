import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/orders/components/order-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/order/$id')({
  beforeLoad: requireSignedIn,
  component: function OrderRoute() {
    const { id } = Route.useParams();
    return <OrderPage id={id} />;
  },
});
