import { describe, expect, it } from 'vitest';
import { looksLikePhone, phoneKey } from './phones';

describe('phone keys', () => {
  it('reduces every way a Pakistani mobile number is written to one key', () => {
    const written = [
      '0300-1234567',
      '03001234567',
      '0300 1234567',
      '+92 300 1234567',
      '+923001234567',
      '923001234567',
      '0092 300 1234567',
      '(0300) 123-4567',
    ];
    expect(new Set(written.map(phoneKey))).toEqual(new Set(['3001234567']));
  });

  it('keeps landlines and partial numbers comparable by prefix', () => {
    expect(phoneKey('042-35761234')).toBe('4235761234');
    expect(phoneKey('+92 42 35761234')).toBe('4235761234');
    expect(phoneKey('0300')).toBe('300');
    expect(phoneKey('+92 30')).toBe('30');
    expect(phoneKey('')).toBe('');
  });

  it('tells a typed phone number from a name, an e-mail or an order id', () => {
    expect(looksLikePhone('0300-1234567')).toBe(true);
    expect(looksLikePhone('+92 300')).toBe(true);
    expect(looksLikePhone('0300')).toBe(true);
    expect(looksLikePhone('030')).toBe(false);
    expect(looksLikePhone('Bilal')).toBe(false);
    expect(looksLikePhone('bilal@example.pk')).toBe(false);
    expect(looksLikePhone('01929c3e-8c2f')).toBe(false);
  });
});
