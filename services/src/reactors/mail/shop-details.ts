import type { ManualPaymentAccounts, ShopInfo } from '@shop/contracts';

/** What a message says about the shop: its name, how to reach it, where a transfer goes (GET /api/shop's). */
export type ShopDetails = Pick<ShopInfo, 'name' | 'support' | 'paymentMethods'>;

/** The manual transfer's label and accounts, or null when the shop takes none. */
export function manualTransfer(shop: ShopDetails): { label: string; accounts: ManualPaymentAccounts } | null {
  const method = shop.paymentMethods.find((candidate) => candidate.method === 'Card');
  return method && 'accounts' in method ? { label: method.label, accounts: method.accounts } : null;
}
