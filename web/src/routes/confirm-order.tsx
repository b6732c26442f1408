import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfirmOrderPage } from '../features/orders/components/confirm-order-page';

/** `?token=` from the confirmation message's link; anything else is an incomplete link. */
const ConfirmSearch = z.object({ token: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/confirm-order')({
  validateSearch: ConfirmSearch,
  component: function ConfirmOrderRoute() {
    const { token } = Route.useSearch();
    return <ConfirmOrderPage token={token} />;
  },
});
