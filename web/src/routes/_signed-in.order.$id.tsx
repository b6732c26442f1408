import { createFileRoute } from '@tanstack/react-router';
import { orderQuery } from '../features/orders/api/orders';
import { OrderPage, OrderPageFailed, OrderPageLoading } from '../features/orders/components/order-page';

export const Route = createFileRoute('/_signed-in/order/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(orderQuery(params.id)),
  // The loading line shows at once and goes as soon as the order is there, as it did before loaders.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: OrderPageLoading,
  errorComponent: OrderPageFailed,
  component: function OrderRoute() {
    const { id } = Route.useParams();
    return <OrderPage id={id} />;
  },
});
