import { type Config, durationMs } from './config';

/** JazzCash's addresses and the merchant's credentials, from its four settings. */
export interface JazzCashSettings {
  merchantId: string;
  password: string;
  /** The integrity salt: signs what we send and proves what JazzCash sends. Never leaves the server. */
  salt: string;
  /** Where the browser posts the signed form (page redirection v1.1). */
  formUrl: string;
  /** The status inquiry, asked server to server. */
  inquiryUrl: string;
}

/** Online payments: JazzCash when configured, and when to ask about payments that never came back. */
export interface PaymentSettings {
  jazzCash: JazzCashSettings | null;
  inquiryAfterMs: number;
  inquiryIntervalMs: number;
}

type PaymentConfig = Pick<
  Config,
  | 'JAZZCASH_MERCHANT_ID'
  | 'JAZZCASH_PASSWORD'
  | 'JAZZCASH_INTEGRITY_SALT'
  | 'JAZZCASH_API_URL'
  | 'PAYMENT_INQUIRY_AFTER'
  | 'PAYMENT_INQUIRY_INTERVAL'
>;

/** Off unless all four JazzCash settings are given (the configuration refuses some without the others). */
export function paymentSettingsFrom(config: PaymentConfig): PaymentSettings {
  const { JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT, JAZZCASH_API_URL } = config;
  const base = JAZZCASH_API_URL?.replace(/\/+$/, '');
  return {
    jazzCash:
      JAZZCASH_MERCHANT_ID && JAZZCASH_PASSWORD && JAZZCASH_INTEGRITY_SALT && base
        ? {
            merchantId: JAZZCASH_MERCHANT_ID,
            password: JAZZCASH_PASSWORD,
            salt: JAZZCASH_INTEGRITY_SALT,
            formUrl: `${base}/CustomerPortal/transactionmanagement/merchantform/`,
            inquiryUrl: `${base}/ApplicationAPI/API/PaymentInquiry/Inquire`,
          }
        : null,
    inquiryAfterMs: durationMs(config.PAYMENT_INQUIRY_AFTER),
    inquiryIntervalMs: durationMs(config.PAYMENT_INQUIRY_INTERVAL),
  };
}

/** No JazzCash; the inquiry's defaults (15 and 5 minutes). */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = paymentSettingsFrom({
  PAYMENT_INQUIRY_AFTER: '15m',
  PAYMENT_INQUIRY_INTERVAL: '5m',
});
