import { type OrderPricing, priceOrder, type ShippingRule, toMinor } from '@shop/contracts';
import type { CartLine } from './cart';

/**
 * The cart's summary by the server's own rule (contracts' priceOrder) and the shop's configured
 * shipping (`GET /api/shop`): subtotal, affiliate discount, shipping and total, in minor units. The
 * server prices the order again and refuses a mismatch.
 */
export function priceCart(
  lines: readonly CartLine[],
  shipping: ShippingRule,
  withAffiliateDiscount = false,
): OrderPricing {
  return priceOrder(
    lines.map((line) => ({ unitPrice: toMinor(line.price), qty: line.qty })),
    withAffiliateDiscount,
    shipping,
  );
}
