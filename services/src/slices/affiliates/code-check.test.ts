import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type AffiliateByCode, MAX_AFFILIATE_CODE_LENGTH, resolveAffiliateCode } from './code-check';
import type { Identity } from './eligibility';

const zara: Identity = {
  phones: ['0333-7654322'],
  emails: ['zara@example.pk'],
  addresses: [{ address: '7 Canal Road', city: 'Lahore' }],
};
const stranger: Identity = {
  phones: ['0300-1234567'],
  emails: ['sana@example.pk'],
  addresses: [{ address: '1 Mall Road', city: 'Lahore' }],
};
const codes: AffiliateByCode = (code) =>
  code === 'ZARA2345' ? { userId: 'zara', identity: zara } : undefined;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('resolving the code a shopper typed', () => {
  it('answers its affiliate for a code in any case with spaces; no code is no affiliate', () => {
    expect(resolveAffiliateCode(codes, { userId: 'sana', identity: stranger }, ' zara2345 ')).toEqual({
      code: 'ZARA2345',
      userId: 'zara',
    });
    expect(resolveAffiliateCode(codes, { userId: 'sana', identity: stranger }, undefined)).toBeUndefined();
    expect(resolveAffiliateCode(codes, { userId: 'sana', identity: stranger }, '   ')).toBeUndefined();
  });

  it('refuses a code nobody owns, or too long to be one, with 400 on affiliateCode', () => {
    const unknown = refusal(() =>
      resolveAffiliateCode(codes, { userId: 'sana', identity: stranger }, 'nope1234'),
    );
    expect([unknown.status, unknown.message, unknown.fields]).toEqual([
      400,
      'Affiliate code NOPE1234 is not valid.',
      [{ field: 'affiliateCode', message: 'Affiliate code NOPE1234 is not valid.' }],
    ]);
    let asked = 0;
    const counting: AffiliateByCode = (code) => {
      asked += 1;
      return codes(code);
    };
    const long = 'Z'.repeat(MAX_AFFILIATE_CODE_LENGTH + 1);
    expect(
      refusal(() => resolveAffiliateCode(counting, { userId: 'sana', identity: stranger }, long)).status,
    ).toBe(400);
    expect(asked).toBe(0);
    const longest: AffiliateByCode = (code) =>
      code.length === MAX_AFFILIATE_CODE_LENGTH ? { userId: 'x', identity: zara } : undefined;
    expect(
      resolveAffiliateCode(longest, { userId: 'sana', identity: stranger }, 'Y'.repeat(32))?.userId,
    ).toBe('x');
  });

  it('refuses her own code, and her own identity behind another account', () => {
    const own = refusal(() =>
      resolveAffiliateCode(codes, { userId: 'zara', identity: stranger }, 'ZARA2345'),
    );
    expect([own.status, own.message, own.fields?.[0]?.field]).toEqual([
      400,
      'You cannot use your own affiliate code.',
      'affiliateCode',
    ]);
    const second = refusal(() =>
      resolveAffiliateCode(
        codes,
        { userId: 'zara-2', identity: { ...stranger, phones: ['+92 333 7654322'] } },
        'ZARA2345',
      ),
    );
    expect([second.status, second.fields?.[0]?.field]).toEqual([400, 'affiliateCode']);
    expect(second.message).toMatch(/shares the affiliate's phone number/);
  });
});
