import { z } from 'zod';
import { MOBILE_PATTERN, PHONE_PATTERN } from './accounts';
import { MoneyAmount } from './money';
import { PaymentMethod } from './payment-methods';

export const DELIVERY_NOTE_MAX = 500;

/** COD = cash on delivery; Card = the manual JazzCash / EasyPaisa / bank transfer (spec's label). */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ShippingAddress = z.object({
  fullName: z.string().trim().max(100).default(''),
  address: required('Address', 300),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 60),
  phone: z
    .string()
    .trim()
    .max(20)
    .default('')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Phone must look like 0300-1234567 or +92 300 1234567'),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** The one country the shop delivers to; orders name it so, whatever a client wrote. */
export const SHIP_TO_COUNTRY = 'Pakistan';
const ONLY_PAKISTAN = 'We deliver within Pakistan only';
const COD_NEEDS_MOBILE =
  'A mobile number is needed for cash on delivery, like 0300-1234567 or +92 300 1234567';

/**
 * A shipping address as a new order takes it: `ShippingAddress` with the country fixed to Pakistan
 * ("pakistan" or "PK" are named "Pakistan", another country is refused). Recorded orders keep the
 * looser `ShippingAddress`, so addresses accepted before this rule still read.
 */
export const ShippingAddressInput = ShippingAddress.extend({
  country: required('Country', 60)
    .refine((v) => /^(pakistan|pk)$/i.test(v), ONLY_PAKISTAN)
    .transform(() => SHIP_TO_COUNTRY),
});

/**
 * Cash on delivery needs a mobile number the courier can call; other methods take any phone or none.
 * A phone that is not a phone number at all already has its message, so it gets no second one.
 */
function refuseCodWithoutMobile(
  paymentMethod: PaymentMethod,
  phone: string,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  const malformed = phone !== '' && !PHONE_PATTERN.test(phone);
  if (paymentMethod === 'COD' && !malformed && !MOBILE_PATTERN.test(phone)) {
    ctx.addIssue({ code: 'custom', path, message: COD_NEEDS_MOBILE });
  }
}

/** The checkout form's address for a payment method: the phone is required for cash on delivery. */
export const shippingAddressFor = (paymentMethod: PaymentMethod) =>
  ShippingAddressInput.superRefine((address, ctx) =>
    refuseCodWithoutMobile(paymentMethod, address.phone, ctx, ['phone']),
  );

export const OrderItemInput = z.object({
  product: z.string({ error: 'Product is required' }).trim().min(1, 'Product is required').max(64),
  qty: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000, 'Quantity is too large'),
  price: MoneyAmount,
  size: z.string().trim().max(8).default(''),
});

/** Body of POST /api/orders. Prices and totals are the client's view, checked against the server's. */
export const OrderInput = z
  .object({
    orderItems: z
      .array(OrderItemInput)
      .min(1, 'Your order has no items')
      .max(50, 'An order holds at most 50 lines'),
    shippingAddress: ShippingAddressInput,
    paymentMethod: PaymentMethod,
    itemsPrice: MoneyAmount,
    shippingPrice: MoneyAmount,
    totalPrice: MoneyAmount,
    affiliateCode: z
      .string()
      .trim()
      .max(32)
      .transform((c) => c.toUpperCase())
      .optional(),
    /** For the courier, e.g. "call before coming, gate 2"; shown to the admin on the order. */
    deliveryNote: z
      .string({ error: 'Delivery note must be text' })
      .trim()
      .max(DELIVERY_NOTE_MAX, `Delivery note must be at most ${DELIVERY_NOTE_MAX} characters`)
      .optional(),
  })
  .superRefine((order, ctx) =>
    refuseCodWithoutMobile(order.paymentMethod, order.shippingAddress.phone, ctx, [
      'shippingAddress',
      'phone',
    ]),
  );
export type OrderInput = z.infer<typeof OrderInput>;
