import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../features/checkout/components/checkout-page';

export const Route = createFileRoute('/_signed-in/checkout')({
  component: CheckoutPage,
});
