/**
 * The one money format on every screen, `PKR 1,234.00` (currency and locale from the shop
 * configuration). Implemented once in contracts so server-rendered copy and screens agree.
 */
export { formatMoney } from '@shop/contracts';

/** The percentage a real markdown takes off (17 for 5,999 → 4,999), or null when the product is not marked down. */
export function markdownPercent(product: { price: number; originalPrice: number | null }): number | null {
  const { price, originalPrice } = product;
  if (originalPrice == null || !(originalPrice > price) || originalPrice <= 0) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
