/** How a payment method reads wherever the shop names it (spec: COD is 'Cash on Delivery'). */
export { PAYMENT_METHOD_LABELS } from '@shop/contracts';
