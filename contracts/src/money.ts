import { z } from 'zod';
import { type ShippingRule, shopConfig } from './shop-config';

/**
 * Money is an integer count of minor units (paisa) inside events and read models; the API speaks
 * decimal numbers with at most 2 decimals. Convert at the edge, compute in minor units.
 */
export type Minor = number;

export const toMinor = (amount: number): Minor => Math.round(amount * 100);
export const fromMinor = (minor: Minor): number => minor / 100;

/**
 * Whole paisa up to floating-point noise: 19.99 * 100 is 1998.9999999999998. The noise grows with the
 * amount (about 1e-5 paisa near a billion rupees), so the allowance does too; a third decimal is 0.1
 * paisa away, far outside it.
 */
const hasAtMostTwoDecimals = (value: number) => {
  const paisa = value * 100;
  return Math.abs(paisa - Math.round(paisa)) < Math.max(1e-6, Math.abs(paisa) * 16 * Number.EPSILON);
};

/**
 * A price as the API accepts it: finite, positive and at least one paisa (0.000000001 is within the
 * decimals check's allowance and would become a price of 0), at most 2 decimals, below 10 million.
 */
export const PriceAmount = z
  .number({ error: 'must be a number' })
  .finite('must be a number')
  .positive('must be greater than 0')
  .min(0.01, 'must be at least 0.01')
  .max(9_999_999, 'must be less than 10,000,000')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals');

/** A non-negative amount as the API accepts it (totals sent by a client for comparison). */
export const MoneyAmount = z
  .number({ error: 'must be a number' })
  .finite('must be a number')
  .min(0, 'must not be negative')
  .max(1_000_000_000, 'is too large')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals');

/** Shipping for an items subtotal (before discount): free over the threshold, else the flat fee. */
export function shippingFor(itemsMinor: Minor, rule: ShippingRule): Minor {
  return itemsMinor > toMinor(rule.freeShippingOver) ? 0 : toMinor(rule.shippingFee);
}

export interface OrderPricing {
  itemsPrice: Minor;
  discount: Minor;
  shippingPrice: Minor;
  totalPrice: Minor;
}

/** Prices an order: total = subtotal - affiliate discount + shipping (docs/rules/money.md#order-total). */
export function priceOrder(
  lines: readonly { unitPrice: Minor; qty: number }[],
  withAffiliateDiscount: boolean,
  rule: ShippingRule,
): OrderPricing {
  const itemsPrice = lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  const discount = withAffiliateDiscount ? Math.round(itemsPrice * shopConfig.affiliateDiscountRate) : 0;
  const shippingPrice = shippingFor(itemsPrice, rule);
  return { itemsPrice, discount, shippingPrice, totalPrice: itemsPrice - discount + shippingPrice };
}

/** `PKR 1,234.00`: the one money format on every screen. */
export function formatMoney(amount: number, config = shopConfig): string {
  const number = new Intl.NumberFormat(config.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${config.currency} ${number}`;
}

/**
 * `total` shared out in proportion to `weights`, in whole minor units that add up to `total`
 * exactly: each share rounded down, the units left over going to the largest remainders (ties to the
 * earlier weight). All weights zero: everything goes to the first.
 */
export function shareByWeight(total: Minor, weights: readonly number[]): Minor[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * A real markdown's percentage off, rounded down so the badge never overstates it (at least 1), or
 * null when the product is not marked down: no original price, or one not above the price.
 */
export function markdownPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice === null || originalPrice === undefined) return null;
  const was = toMinor(originalPrice);
  const now = toMinor(price);
  if (was <= now) return null;
  return Math.max(1, Math.floor(((was - now) * 100) / was));
}
