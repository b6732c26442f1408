import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { hasValidIbanCheckDigits } from './iban';
import { placeholderWarnings, shopInfoFrom } from './shop-info';

const warningsFor = (env: Record<string, string>) => placeholderWarnings(loadConfig(env));

describe('the shop details from the configuration', () => {
  it('ships free over PKR 1,500 and charges PKR 200 otherwise unless configured', () => {
    expect(shopInfoFrom(loadConfig({}))).toMatchObject({ freeShippingOver: 1_500, shippingFee: 200 });
    expect(shopInfoFrom(loadConfig({ FREE_SHIPPING_OVER: '2500.50', SHIPPING_FEE: '0' }))).toMatchObject({
      freeShippingOver: 2_500.5,
      shippingFee: 0,
    });
  });

  it('offers the manual transfer with whichever accounts are configured, Raast only with a Raast ID', () => {
    const info = shopInfoFrom(
      loadConfig({ PAYMENT_ACCOUNT_TITLE: 'Apex Athletics', RAAST_ID: '0301-2345678' }),
    );
    expect(info.paymentMethods[1]).toEqual({
      method: 'Card',
      label: 'Jazz Cash / EasyPaisa / Bank Account',
      accounts: {
        accountTitle: 'Apex Athletics',
        jazzCash: null,
        easyPaisa: null,
        bankIban: null,
        raastId: '0301-2345678',
      },
    });
  });

  it('refuses malformed details, naming each variable', () => {
    expect(() =>
      loadConfig({
        FREE_SHIPPING_OVER: 'lots',
        SHIPPING_FEE: '1.234',
        SUPPORT_EMAIL: 'help',
        WHATSAPP_CHAT_URL: 'http://wa.me/923001234567',
        JAZZCASH_NUMBER: '042-1234567',
        BANK_IBAN: 'GB33BUKB20201555555555',
        RAAST_ID: 'someone',
        CUSTOMER_COUNT_CLAIM: 'more than anyone could count',
      }),
    ).toThrow(
      new RegExp(
        [
          'FREE_SHIPPING_OVER must be an amount in rupees',
          'SHIPPING_FEE must have at most 2 decimals',
          'SUPPORT_EMAIL must be an e-mail address',
          'WHATSAPP_CHAT_URL must be an https:// link',
          'JAZZCASH_NUMBER must be a Pakistani mobile number',
          'BANK_IBAN must be an IBAN',
          'RAAST_ID must be an IBAN or a Raast alias',
          'CUSTOMER_COUNT_CLAIM must be at most 20 characters',
          'PAYMENT_ACCOUNT_TITLE is required with JAZZCASH_NUMBER, BANK_IBAN, RAAST_ID',
        ].join('[\\s\\S]*'),
      ),
    );
  });

  it('warns about nothing when the details are real', () => {
    expect(
      warningsFor({
        SUPPORT_PHONE: '042 35712345',
        SUPPORT_EMAIL: 'help@apex-athletics.pk',
        WHATSAPP_CHAT_URL: 'https://wa.me/923012345678',
        PAYMENT_ACCOUNT_TITLE: 'Apex Athletics (Pvt) Ltd',
        EASYPAISA_NUMBER: '0345 7654321',
        BANK_IBAN: 'PK36SCBL0000001123456702',
        RAAST_ID: 'PK36 SCBL 0000 0011 2345 6702',
      }),
    ).toEqual([]);
  });

  it('warns about dummy numbers, example addresses, wrong IBAN check digits and stand-in titles', () => {
    const warnings = warningsFor({
      EASYPAISA_NUMBER: '0345-1111111',
      WHATSAPP_CHAT_URL: 'https://wa.me/923000000000',
      SUPPORT_EMAIL: 'help@shop.example.com',
      PAYMENT_ACCOUNT_TITLE: 'Account Title',
      RAAST_ID: '0300-1234567',
    });
    expect(warnings.map((warning) => warning.split(' ')[0])).toEqual([
      'EASYPAISA_NUMBER',
      'SUPPORT_EMAIL',
      'WHATSAPP_CHAT_URL',
      'RAAST_ID',
      'PAYMENT_ACCOUNT_TITLE',
    ]);
    expect(warningsFor({ PAYMENT_ACCOUNT_TITLE: 'A', RAAST_ID: 'PK37SCBL0000001123456702' })).toEqual([
      'RAAST_ID (PK37SCBL0000001123456702) looks like a placeholder: its check digits are wrong.',
    ]);
  });

  it('checks IBAN check digits by ISO 13616', () => {
    expect(hasValidIbanCheckDigits('PK36SCBL0000001123456702')).toBe(true);
    expect(hasValidIbanCheckDigits('pk36 scbl 0000 0011 2345 6702')).toBe(true);
    expect(hasValidIbanCheckDigits('PK36SCBL0000001123456703')).toBe(false);
    expect(hasValidIbanCheckDigits('PK00 BANK 0000 0000 0000 0000')).toBe(false);
    expect(hasValidIbanCheckDigits('PK36SCBL00000011234567+2')).toBe(false);
  });
});
