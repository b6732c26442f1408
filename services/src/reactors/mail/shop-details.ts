import { shopConfig } from '@shop/contracts';

/** What a message says about the shop: its name, how to reach it, where a transfer goes. */
export interface ShopDetails {
  name: string;
  support: { phone: string; email: string };
  manualPayment: {
    label: string;
    accountTitle: string;
    jazzCash: string;
    easyPaisa: string;
    bankAccount: string;
  };
}

/**
 * The shop's details as messages show them. They come from the shop configuration; when it moves to
 * the configuration served at `GET /api/shop`, this is the one function that changes.
 */
export function shopDetails(): ShopDetails {
  return { name: shopConfig.name, support: shopConfig.support, manualPayment: shopConfig.manualPayment };
}
