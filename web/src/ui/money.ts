/**
 * The one money format on every screen, `PKR 1,234.00` (currency and locale from the shop
 * configuration). Implemented once in contracts so server-rendered copy and screens agree.
 */
export { formatMoney, markdownPercent } from '@shop/contracts';
