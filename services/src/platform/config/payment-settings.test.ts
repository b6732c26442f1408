import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { paymentSettingsFrom } from './payment-settings';
import { shopInfoFrom } from './shop-info';

const JAZZCASH = {
  JAZZCASH_MERCHANT_ID: 'MC12345',
  JAZZCASH_PASSWORD: 'portal-password',
  JAZZCASH_INTEGRITY_SALT: 'the-integrity-salt',
  JAZZCASH_API_URL: 'https://sandbox.jazzcash.com.pk/',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('the JazzCash settings', () => {
  it('are off when unset, with the inquiry asking after 15 minutes, every 5', () => {
    expect(paymentSettingsFrom(loadConfig({}))).toEqual({
      jazzCash: null,
      inquiryAfterMs: 15 * 60_000,
      inquiryIntervalMs: 5 * 60_000,
    });
    expect(shopInfoFrom(loadConfig({})).onlinePayments).toEqual({ jazzCash: false });
  });

  it("turn JazzCash on with all four, at the hosted page's and the inquiry's addresses", () => {
    const settings = paymentSettingsFrom(
      loadConfig({ ...JAZZCASH, PAYMENT_INQUIRY_AFTER: '20m', PAYMENT_INQUIRY_INTERVAL: '30s' }),
    );
    expect(settings).toEqual({
      jazzCash: {
        merchantId: 'MC12345',
        password: 'portal-password',
        salt: 'the-integrity-salt',
        formUrl: 'https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
        inquiryUrl: 'https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire',
      },
      inquiryAfterMs: 20 * 60_000,
      inquiryIntervalMs: 30_000,
    });
    expect(shopInfoFrom(loadConfig(JAZZCASH)).onlinePayments).toEqual({ jazzCash: true });
  });

  it('name what is missing, what is wrong, and never echo the password or the salt', () => {
    const { JAZZCASH_PASSWORD: _, JAZZCASH_API_URL: __, ...partial } = JAZZCASH;
    expect(problemsOf(partial)).toContain(
      'JAZZCASH_PASSWORD, JAZZCASH_API_URL are required: JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT, JAZZCASH_API_URL turn JazzCash on together',
    );
    const { JAZZCASH_API_URL: ___, ...noUrl } = JAZZCASH;
    expect(problemsOf(noUrl)).toContain('JAZZCASH_API_URL is required:');
    const problems = problemsOf({
      ...JAZZCASH,
      JAZZCASH_MERCHANT_ID: 'MC 123',
      JAZZCASH_INTEGRITY_SALT: 'short',
      JAZZCASH_API_URL: 'ftp://jazzcash',
      PAYMENT_INQUIRY_AFTER: 'soon',
      PAYMENT_INQUIRY_INTERVAL: '0s',
    });
    expect(problems).toContain('JAZZCASH_MERCHANT_ID must be the merchant ID from the JazzCash portal');
    expect(problems).toContain(
      "JAZZCASH_INTEGRITY_SALT must be the integrity salt from the JazzCash portal (at least 8 characters) (got '***')",
    );
    expect(problems).toContain("JAZZCASH_API_URL must be JazzCash's address");
    expect(problems).toContain('PAYMENT_INQUIRY_AFTER must be a duration such as 15m');
    expect(problems).toContain('PAYMENT_INQUIRY_INTERVAL must be at least 1s');
    expect(problems).not.toContain('short');
  });
});
