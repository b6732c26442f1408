import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasValidJazzCashHash, jazzCashHash, signJazzCashFields } from './jazzcash-hash';

const SALT = '0123456789';

/** A page-redirection request as the shop builds it, with empty fields JazzCash leaves out of the hash. */
const REQUEST: Record<string, string> = {
  pp_Version: '1.1',
  pp_TxnType: '',
  pp_Language: 'EN',
  pp_MerchantID: 'MC12345',
  pp_SubMerchantID: '',
  pp_Password: '0abc1def2g',
  pp_BankID: '',
  pp_ProductID: '',
  pp_TxnRefNo: 'T20240502130000ABCDE',
  pp_Amount: '150000',
  pp_TxnCurrency: 'PKR',
  pp_TxnDateTime: '20240502130000',
  pp_TxnExpiryDateTime: '20240502140000',
  pp_BillReference: 'K7M2QX',
  pp_Description: 'Order K7M2QX',
  pp_ReturnURL: 'https://shop.example.pk/api/payments/jazzcash/return',
  ppmpf_1: '',
  ppmpf_2: 'x',
};

/**
 * The same request's message written out by hand from JazzCash's documented steps: the salt, then
 * the non-empty values in the order of their field names (pp_Amount, pp_BillReference,
 * pp_Description, pp_Language, pp_MerchantID, pp_Password, pp_ReturnURL, pp_TxnCurrency,
 * pp_TxnDateTime, pp_TxnExpiryDateTime, pp_TxnRefNo, pp_Version, ppmpf_2), joined by `&`.
 */
const MESSAGE =
  '0123456789&150000&K7M2QX&Order K7M2QX&EN&MC12345&0abc1def2g&https://shop.example.pk/api/payments/jazzcash/return&PKR&20240502130000&20240502140000&T20240502130000ABCDE&1.1&x';

/** The known answer for REQUEST under SALT. */
const KNOWN_HASH = '4C75C5CB81896333A974115B9ECF0D12B8A98A94C657C31587ADC77770B6E558';

describe('the JazzCash secure hash', () => {
  it('is the HMAC-SHA256 of salt&values keyed with the salt, as computed by hand', () => {
    const byHand = createHmac('sha256', SALT).update(MESSAGE).digest('hex').toUpperCase();
    expect(jazzCashHash(REQUEST, SALT)).toBe(byHand);
  });

  it('matches the known vector', () => {
    expect(jazzCashHash(REQUEST, SALT)).toBe(KNOWN_HASH);
  });

  it('is not what the wrong recipes give: plain SHA-256, or the salt left out of the message', () => {
    const hash = jazzCashHash(REQUEST, SALT);
    expect(hash).not.toBe(createHash('sha256').update(MESSAGE).digest('hex').toUpperCase());
    const saltless = createHmac('sha256', SALT)
      .update(MESSAGE.slice(SALT.length + 1))
      .digest('hex');
    expect(hash).not.toBe(saltless.toUpperCase());
  });

  it('signs pp_ and ppmpf_ fields only, whatever order they come in, and ignores an old hash', () => {
    const shuffled = Object.fromEntries(Object.entries(REQUEST).reverse());
    const withOthers = { ...shuffled, submit: 'Pay', pp_SecureHash: 'ABC', x_pp_Amount: '1' };
    expect(jazzCashHash(withOthers, SALT)).toBe(KNOWN_HASH);
  });

  it('changes with any signed value, with a field that becomes non-empty, and with the salt', () => {
    expect(jazzCashHash({ ...REQUEST, pp_Amount: '150001' }, SALT)).not.toBe(KNOWN_HASH);
    expect(jazzCashHash({ ...REQUEST, ppmpf_1: 'y' }, SALT)).not.toBe(KNOWN_HASH);
    expect(jazzCashHash(REQUEST, '0123456788')).not.toBe(KNOWN_HASH);
  });

  it('sorts by code unit, so upper-case names come before lower-case ones', () => {
    const fields = { pp_b: '2', pp_B: '1', pp_a: '3' };
    const byHand = createHmac('sha256', SALT).update(`${SALT}&1&3&2`).digest('hex').toUpperCase();
    expect(jazzCashHash(fields, SALT)).toBe(byHand);
  });
});

describe('checking a received hash', () => {
  const signed = signJazzCashFields(REQUEST, SALT);

  it('signs with the known hash', () => {
    expect(signed.pp_SecureHash).toBe(KNOWN_HASH);
    expect(signed.pp_Amount).toBe('150000');
  });

  it('believes the right hash in upper or lower case', () => {
    expect(hasValidJazzCashHash(signed, SALT)).toBe(true);
    expect(hasValidJazzCashHash({ ...signed, pp_SecureHash: KNOWN_HASH.toLowerCase() }, SALT)).toBe(true);
  });

  it('refuses a changed field, another salt, a missing, short or non-hex hash', () => {
    expect(hasValidJazzCashHash({ ...signed, pp_Amount: '1' }, SALT)).toBe(false);
    expect(hasValidJazzCashHash(signed, 'another-salt')).toBe(false);
    const { pp_SecureHash: _, ...unsigned } = signed;
    expect(hasValidJazzCashHash(unsigned, SALT)).toBe(false);
    expect(hasValidJazzCashHash({ ...signed, pp_SecureHash: KNOWN_HASH.slice(2) }, SALT)).toBe(false);
    expect(hasValidJazzCashHash({ ...signed, pp_SecureHash: `${KNOWN_HASH.slice(1)}Z` }, SALT)).toBe(false);
    expect(hasValidJazzCashHash({ ...signed, pp_SecureHash: `${KNOWN_HASH}00` }, SALT)).toBe(false);
  });
});
