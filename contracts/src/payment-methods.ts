import { z } from 'zod';

/**
 * The payment methods the shop knows (docs/rules/shop-configuration.md#payment-methods); on their own
 * so the shop's details can name them.
 */
export const PAYMENT_METHODS = ['COD', 'Card'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Payment method must be COD or Card' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
