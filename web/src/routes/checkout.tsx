import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/checkout')({
  beforeLoad: requireSignedIn,
  component: CheckoutPage,
});
