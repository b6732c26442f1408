import { describe, expect, it } from 'vitest';
import {
  addressKey,
  type Identity,
  mayApplyAsAffiliate,
  NEEDS_ORDER_AND_REVIEW_MESSAGE,
  normaliseEmail,
  SELF_REFERRAL_MESSAGE,
  sharedIdentity,
} from './eligibility';

describe('who may apply as an affiliate', () => {
  it('needs one delivered order and one review', () => {
    expect(mayApplyAsAffiliate({ deliveredOrders: 1, verifiedReviews: 1 })).toBe(true);
    expect(mayApplyAsAffiliate({ deliveredOrders: 3, verifiedReviews: 2 })).toBe(true);
    expect(mayApplyAsAffiliate({ deliveredOrders: 0, verifiedReviews: 1 })).toBe(false);
    expect(mayApplyAsAffiliate({ deliveredOrders: 1, verifiedReviews: 0 })).toBe(false);
    expect(mayApplyAsAffiliate({ deliveredOrders: 0, verifiedReviews: 0 })).toBe(false);
    expect(NEEDS_ORDER_AND_REVIEW_MESSAGE).toMatch(/one delivered order and one review/);
  });
});

describe('one mailbox, written many ways', () => {
  it('ignores case, spaces and +tags', () => {
    expect(normaliseEmail('  Zara+shop@Example.PK ')).toBe('zara@example.pk');
    expect(normaliseEmail('zara@example.pk')).toBe('zara@example.pk');
    expect(normaliseEmail('z.ara@example.pk')).toBe('z.ara@example.pk');
  });

  it("folds Gmail's dots and googlemail.com", () => {
    expect(normaliseEmail('Z.a.r.a+x@googlemail.com')).toBe('zara@gmail.com');
    expect(normaliseEmail('zara.k@gmail.com')).toBe('zarak@gmail.com');
    expect(normaliseEmail('z@googlemail.com')).toBe('z@gmail.com');
    expect(normaliseEmail('z+x+y@example.pk')).toBe('z@example.pk');
  });

  it('leaves text that is no address as it is, lower-cased', () => {
    expect(normaliseEmail(' NoAt ')).toBe('noat');
    expect(normaliseEmail('@example.pk')).toBe('@example.pk');
  });
});

describe('one delivery address, written many ways', () => {
  it('keeps its words and numbers, any case or punctuation, with its city', () => {
    expect(addressKey({ address: 'House 5, St. 3 — DHA', city: 'Lahore' })).toBe('house 5 st 3 dha | lahore');
    expect(addressKey({ address: '  house 5 st 3 dha ', city: ' LAHORE' })).toBe('house 5 st 3 dha | lahore');
    expect(addressKey({ address: 'House 5', city: 'Karachi' })).not.toBe(
      addressKey({ address: 'House 5', city: 'Lahore' }),
    );
  });

  it('is empty without an address', () => {
    expect(addressKey({ address: ' ,. ', city: 'Lahore' })).toBe('');
  });
});

describe('what an affiliate and a shopper share', () => {
  const affiliate: Identity = {
    phones: ['0333-7654322', ''],
    emails: ['zara@example.pk'],
    addresses: [{ address: '7 Canal Road', city: 'Lahore' }],
  };
  const stranger: Identity = {
    phones: ['0300-1234567'],
    emails: ['someone@example.pk'],
    addresses: [{ address: '1 Mall Road', city: 'Lahore' }],
  };

  it('is nothing for a stranger', () => {
    expect(sharedIdentity(affiliate, stranger)).toBeNull();
  });

  it('is her phone in any format', () => {
    expect(sharedIdentity(affiliate, { ...stranger, phones: ['x', '+92 333 7654322'] })).toBe('phone');
  });

  it('is her e-mail, normalised', () => {
    expect(sharedIdentity(affiliate, { ...stranger, emails: ['ZARA+deal@example.pk'] })).toBe('email');
  });

  it('is her delivery address, normalised', () => {
    expect(
      sharedIdentity(affiliate, { ...stranger, addresses: [{ address: '7, canal road.', city: 'LAHORE' }] }),
    ).toBe('address');
  });

  it('never matches on empty values', () => {
    const blank: Identity = {
      phones: ['', 'none'],
      emails: [],
      addresses: [{ address: '', city: 'Lahore' }],
    };
    expect(
      sharedIdentity(blank, {
        phones: ['', 'n/a'],
        emails: [],
        addresses: [{ address: '', city: 'Lahore' }],
      }),
    ).toBeNull();
  });

  it('names the phone first, then the e-mail', () => {
    expect(sharedIdentity(affiliate, affiliate)).toBe('phone');
    expect(sharedIdentity(affiliate, { ...affiliate, phones: [] })).toBe('email');
  });

  it('says which in its refusal', () => {
    expect(SELF_REFERRAL_MESSAGE.phone).toMatch(/phone number/);
    expect(SELF_REFERRAL_MESSAGE.email).toMatch(/e-mail address/);
    expect(SELF_REFERRAL_MESSAGE.address).toMatch(/delivery address/);
  });
});
