import {
  type ManualPaymentAccounts,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodInfo,
  type ShopInfo,
  shopConfig,
} from '@shop/contracts';
import type { Config } from './config';
import { hasValidIbanCheckDigits, IBAN_SHAPE } from './iban';

/**
 * What `GET /api/shop` publishes, from the configuration: a detail the owner did not configure is
 * null (and no screen shows it); the manual transfer is offered only with an account to pay into.
 */
export function shopInfoFrom(config: Config): ShopInfo {
  const accounts: ManualPaymentAccounts = {
    accountTitle: config.PAYMENT_ACCOUNT_TITLE ?? null,
    jazzCash: config.JAZZCASH_NUMBER ?? null,
    easyPaisa: config.EASYPAISA_NUMBER ?? null,
    bankIban: config.BANK_IBAN ?? null,
    raastId: config.RAAST_ID ?? null,
  };
  const paymentMethods: PaymentMethodInfo[] = [{ method: 'COD', label: PAYMENT_METHOD_LABELS.COD }];
  const jazzCashOnline = Boolean(
    config.JAZZCASH_MERCHANT_ID &&
      config.JAZZCASH_PASSWORD &&
      config.JAZZCASH_INTEGRITY_SALT &&
      config.JAZZCASH_API_URL,
  );
  // Paying before delivery: by JazzCash online, or by transfer to an account to pay into.
  if (jazzCashOnline || accounts.jazzCash || accounts.easyPaisa || accounts.bankIban || accounts.raastId) {
    paymentMethods.push({ method: 'Card', label: PAYMENT_METHOD_LABELS.Card, accounts });
  }
  return {
    name: config.SHOP_NAME,
    currency: shopConfig.currency,
    freeShippingOver: config.FREE_SHIPPING_OVER,
    shippingFee: config.SHIPPING_FEE,
    affiliateDiscountRate: shopConfig.affiliateDiscountRate,
    returnsWindowDays: shopConfig.returnsWindowDays,
    paymentMethods,
    onlinePayments: { jazzCash: jazzCashOnline },
    support: {
      phone: config.SUPPORT_PHONE ?? null,
      email: config.SUPPORT_EMAIL ?? null,
      chatUrl: config.WHATSAPP_CHAT_URL ?? null,
    },
    claims: { customerCount: config.CUSTOMER_COUNT_CLAIM ?? null },
  };
}

/**
 * The configured payment accounts and support details that still look like placeholders (a number of
 * zeros, an example.com address, an IBAN whose check digits are wrong, "Account Title"): shoppers
 * would pay into them or call them. The start-up log and the admin dashboard show each one.
 */
export function placeholderWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const warn = (variable: keyof Config, why: string) =>
    warnings.push(`${variable} (${config[variable]}) looks like a placeholder: ${why}.`);
  const numbers = ['SUPPORT_PHONE', 'JAZZCASH_NUMBER', 'EASYPAISA_NUMBER'] as const;
  for (const variable of numbers) {
    const value = config[variable];
    if (value && isPlaceholderNumber(value)) warn(variable, 'its digits are a dummy number');
  }
  if (config.SUPPORT_EMAIL && isExampleAddress(config.SUPPORT_EMAIL)) {
    warn('SUPPORT_EMAIL', 'its domain is reserved for examples and receives no mail');
  }
  if (config.WHATSAPP_CHAT_URL && isPlaceholderNumber(config.WHATSAPP_CHAT_URL)) {
    warn('WHATSAPP_CHAT_URL', 'it opens a chat with a dummy number');
  }
  if (config.BANK_IBAN && !hasValidIbanCheckDigits(config.BANK_IBAN)) {
    warn('BANK_IBAN', 'its check digits are wrong, so no bank would accept it');
  }
  if (config.RAAST_ID) {
    const iban = IBAN_SHAPE.test(config.RAAST_ID);
    if (iban ? !hasValidIbanCheckDigits(config.RAAST_ID) : isPlaceholderNumber(config.RAAST_ID)) {
      warn('RAAST_ID', iban ? 'its check digits are wrong' : 'its digits are a dummy number');
    }
  }
  if (config.PAYMENT_ACCOUNT_TITLE && PLACEHOLDER_TEXT.test(config.PAYMENT_ACCOUNT_TITLE)) {
    warn('PAYMENT_ACCOUNT_TITLE', 'it is not the name of an account holder');
  }
  return warnings;
}

const PLACEHOLDER_TEXT = /account title|example|placeholder|change ?me|lorem|\bxxx|\btodo\b|\btbd\b/i;

/** The subscriber part (the last 7 digits) is one digit repeated or 1234567: 0300-0000000, +92 300 1111111. */
function isPlaceholderNumber(value: string): boolean {
  const subscriber = value.replace(/\D/g, '').slice(-7);
  return subscriber.length < 7 || /^(\d)\1{6}$/.test(subscriber) || subscriber === '1234567';
}

/** Domains reserved for documentation and testing (RFC 2606 / 6761), in every country's form. */
function isExampleAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return /(^|\.)example(\.[a-z]+)*$/.test(domain) || /\.(test|invalid|localhost)$/.test(domain);
}
