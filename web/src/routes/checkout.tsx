import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { requireAccountToCheckout } from '../lib/guards';

export const Route = createFileRoute('/checkout')({
  beforeLoad: requireAccountToCheckout,
  component: CheckoutPage,
});
