import type { PaymentMethod } from './payment-methods';

/**
 * The shop's fixed rules and formats, shared by server and browser. What an owner configures
 * (shipping, payment accounts, support contacts, claims) is not here: the server reads it from its
 * environment and publishes it at `GET /api/shop` (`ShopInfo`), and every screen renders from that.
 * Amounts are in the shop currency's major unit (PKR), as the API speaks them.
 */
export const shopConfig = {
  /** The shop's name, as its pages and its messages sign. */
  name: 'Apex Athletics',
  currency: 'PKR',
  locale: 'en-PK',
  timeZone: 'Asia/Karachi',
  affiliateDiscountRate: 0.05,
  affiliateCommissionRate: 0.05,
  returnsWindowDays: 7,
  lowStockUnder: 10,
  defaultRating: 4,
  priceFilterMax: 10_000,
  salesChartDays: 30,
} as const;

export type ShopConfig = typeof shopConfig;

/** Shipping: free when the items subtotal (before any discount) is over `freeShippingOver`, else `shippingFee`. */
export interface ShippingRule {
  freeShippingOver: number;
  shippingFee: number;
}

/**
 * The shipping rule when the owner configures none (docs/rules/money.md#shipping: free over PKR 1,500,
 * else PKR 200).
 */
export const DEFAULT_SHIPPING: ShippingRule = { freeShippingOver: 1_500, shippingFee: 200 };

/** The accounts a manual transfer is paid into; null where the owner configured none. */
export interface ManualPaymentAccounts {
  accountTitle: string | null;
  jazzCash: string | null;
  easyPaisa: string | null;
  /** The bank account's IBAN. */
  bankIban: string | null;
  /** A Raast ID: an IBAN or a Raast alias (a mobile number). */
  raastId: string | null;
}

/** A payment method the shop takes now; the manual transfer carries the accounts to pay into. */
export type PaymentMethodInfo =
  | { method: Extract<PaymentMethod, 'COD'>; label: string }
  | { method: Extract<PaymentMethod, 'Card'>; label: string; accounts: ManualPaymentAccounts };

/** Answer of `GET /api/shop` (public): what the screens need to say about the shop. */
export interface ShopInfo extends ShippingRule {
  name: string;
  currency: string;
  affiliateDiscountRate: number;
  returnsWindowDays: number;
  /** Cash on delivery always; the manual transfer only when an account to pay into is configured. */
  paymentMethods: PaymentMethodInfo[];
  /** Paying online after placing an order: JazzCash's hosted checkout when the shop has configured it. */
  onlinePayments: { jazzCash: boolean };
  /** Null where not configured; `chatUrl` is a click-to-chat link (WhatsApp's `https://wa.me/...`). */
  support: { phone: string | null; email: string | null; chatUrl: string | null };
  /** Claims about the shop, only as configured: e.g. `customerCount` "5,000+". */
  claims: { customerCount: string | null };
}

/** The labels of the payment methods (docs/rules/shop-configuration.md#payment-methods). */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  COD: 'Cash on Delivery',
  Card: 'Jazz Cash / EasyPaisa / Bank Account',
};

/** The manual transfer's accounts, when the shop takes it. */
export function manualPaymentAccounts(shop: Pick<ShopInfo, 'paymentMethods'>): ManualPaymentAccounts | null {
  for (const method of shop.paymentMethods) if (method.method === 'Card') return method.accounts;
  return null;
}
