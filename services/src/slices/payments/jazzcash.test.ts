import { describe, expect, it } from 'vitest';
import { jazzCashForm, jazzCashTime, readJazzCashNotice, transactionReference } from './jazzcash';
import { jazzCashHash, signJazzCashFields } from './jazzcash-hash';

const SETTINGS = {
  merchantId: 'MC12345',
  password: 'pw',
  salt: 'salt-1234',
  formUrl: 'https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
  inquiryUrl: 'https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire',
};

describe('JazzCash times and references', () => {
  it('writes times in Pakistan time (UTC+5), to the second', () => {
    expect(jazzCashTime(new Date('2024-12-31T19:59:58.900Z'))).toBe('20250101005958');
  });

  it('makes a 20-character reference of T, the time and 5 letters or digits', () => {
    const at = new Date('2024-05-02T08:00:00Z');
    expect(transactionReference(at, 'a-b_c9z7q')).toBe('T20240502130000C9Z7Q');
    expect(transactionReference(at, 'x1')).toBe('T20240502130000000X1');
    expect(transactionReference(at, 'x1')).toHaveLength(20);
    expect(transactionReference(at, 'ab12c-')).toBe('T20240502130000AB12C');
  });
});

describe('the form', () => {
  it('cuts a bill reference to the 20 letters and digits JazzCash takes', () => {
    const form = jazzCashForm(SETTINGS, {
      txnRef: 'T1',
      amount: 1,
      reference: 'A-B-CDEFGHIJKLMNOPQRSTUVWXYZ',
      at: new Date(0),
      expiresAt: new Date(0),
      returnUrl: 'https://shop.example.pk/r',
    });
    expect(form.fields.pp_BillReference).toBe('ABCDEFGHIJKLMNOPQRST');
  });

  it('carries every field JazzCash asks for, signed, posted to the hosted page', () => {
    const form = jazzCashForm(SETTINGS, {
      txnRef: 'T20240502130000ABCDE',
      amount: 145_000,
      reference: 'AX-7K3M9Q',
      at: new Date('2024-05-02T08:00:00Z'),
      expiresAt: new Date('2024-05-02T09:00:00Z'),
      returnUrl: 'https://shop.example.pk/api/payments/jazzcash/return',
    });
    expect(form.actionUrl).toBe(SETTINGS.formUrl);
    const { pp_SecureHash, ...fields } = form.fields;
    expect(fields).toEqual({
      pp_Version: '1.1',
      pp_TxnType: '',
      pp_Language: 'EN',
      pp_MerchantID: 'MC12345',
      pp_SubMerchantID: '',
      pp_Password: 'pw',
      pp_BankID: '',
      pp_ProductID: '',
      pp_TxnRefNo: 'T20240502130000ABCDE',
      pp_Amount: '145000',
      pp_TxnCurrency: 'PKR',
      pp_TxnDateTime: '20240502130000',
      pp_TxnExpiryDateTime: '20240502140000',
      pp_BillReference: 'AX7K3M9Q',
      pp_Description: 'Order AX-7K3M9Q',
      pp_ReturnURL: 'https://shop.example.pk/api/payments/jazzcash/return',
      ppmpf_1: '',
      ppmpf_2: '',
      ppmpf_3: '',
      ppmpf_4: '',
      ppmpf_5: '',
    });
    expect(pp_SecureHash).toBe(jazzCashHash(fields, SETTINGS.salt));
  });
});

describe('reading a notice', () => {
  const result = (overrides: Record<string, string> = {}) =>
    signJazzCashFields(
      {
        pp_TxnRefNo: 'T20240502130000ABCDE',
        pp_Amount: '145000',
        pp_ResponseCode: '000',
        pp_ResponseMessage: 'Thank you',
        pp_AuthCode: '123456',
        pp_RetreivalReferenceNo: '987654321',
        ...overrides,
      },
      SETTINGS.salt,
    );

  it('reads a signed success, with the amount and JazzCash’s references', () => {
    expect(readJazzCashNotice(result(), SETTINGS.salt)).toEqual({
      valid: true,
      notice: {
        txnRef: 'T20240502130000ABCDE',
        amount: 145_000,
        outcome: 'paid',
        code: '000',
        message: 'Thank you',
        authCode: '123456',
        retrievalRef: '987654321',
      },
    });
  });

  it('reads 124 and 157 as pending, any other code as failed, and a missing amount as null', () => {
    const outcome = (code: string) => {
      const read = readJazzCashNotice(result({ pp_ResponseCode: code }), SETTINGS.salt);
      return read.valid ? read.notice.outcome : read.reason;
    };
    expect([outcome('124'), outcome('157'), outcome('199'), outcome('001')]).toEqual([
      'pending',
      'pending',
      'failed',
      'failed',
    ]);
    const { pp_Amount: _, pp_SecureHash: __, ...noAmount } = result();
    const read = readJazzCashNotice(signJazzCashFields(noAmount, SETTINGS.salt), SETTINGS.salt);
    expect(read).toMatchObject({ valid: true, notice: { amount: null } });
    const minimal = signJazzCashFields({ pp_TxnRefNo: 'T1', pp_ResponseCode: '000' }, SETTINGS.salt);
    expect(readJazzCashNotice(minimal, SETTINGS.salt)).toMatchObject({
      valid: true,
      notice: { message: '', authCode: '', retrievalRef: '' },
    });
  });

  it('refuses a wrong hash, naming the reference it claimed; a signed but malformed notice too', () => {
    expect(readJazzCashNotice({ ...result(), pp_Amount: '1' }, SETTINGS.salt)).toEqual({
      valid: false,
      reason: 'bad-hash',
      txnRef: 'T20240502130000ABCDE',
    });
    expect(readJazzCashNotice({ pp_ResponseCode: '000' }, SETTINGS.salt)).toEqual({
      valid: false,
      reason: 'bad-hash',
      txnRef: null,
    });
    const odd = result({ pp_TxnRefNo: 'T-1', pp_Amount: '14.50' });
    expect(readJazzCashNotice(odd, SETTINGS.salt)).toEqual({
      valid: false,
      reason: 'malformed',
      txnRef: 'T-1',
    });
    expect(readJazzCashNotice(result({ pp_Amount: '14.50' }), SETTINGS.salt)).toMatchObject({
      reason: 'malformed',
    });
    expect(readJazzCashNotice(result({ pp_ResponseCode: '' }), SETTINGS.salt)).toMatchObject({
      reason: 'malformed',
    });
    const malformed: Record<string, string>[] = [
      { pp_TxnRefNo: '-T1' },
      { pp_TxnRefNo: 'T1-' },
      { pp_TxnRefNo: 'T'.repeat(21) },
      { pp_ResponseCode: '-000' },
      { pp_ResponseCode: '000-' },
    ];
    for (const bad of malformed) {
      expect(readJazzCashNotice(result(bad), SETTINGS.salt)).toMatchObject({
        valid: false,
        reason: 'malformed',
      });
    }
    expect(readJazzCashNotice({ pp_TxnRefNo: 'T'.repeat(50) }, SETTINGS.salt)).toEqual({
      valid: false,
      reason: 'bad-hash',
      txnRef: 'T'.repeat(40),
    });
  });
});
