import { type PaymentMethod, shopConfig } from '@shop/contracts';

/** How an order's payment method reads on customer screens (spec: COD is 'Cash on Delivery'). */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  COD: 'Cash on Delivery',
  Card: shopConfig.manualPayment.label,
};
