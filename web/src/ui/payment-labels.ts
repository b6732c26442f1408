import { type PaymentMethod, shopConfig } from '@shop/contracts';

/** How a payment method reads wherever the shop names it (spec: COD is 'Cash on Delivery'). */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  COD: 'Cash on Delivery',
  Card: shopConfig.manualPayment.label,
};
