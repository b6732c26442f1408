import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/orders/components/order-page';

export const Route = createFileRoute('/_signed-in/order/$id')({
  component: function OrderRoute() {
    const { id } = Route.useParams();
    return <OrderPage id={id} />;
  },
});
