import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows the shop currency code, grouping and 2 decimals', () => {
    expect(formatMoney(1234)).toBe('PKR 1,234.00');
    expect(formatMoney(1234567.5)).toBe('PKR 1,234,567.50');
    expect(formatMoney(0.1 + 0.2)).toBe('PKR 0.30');
  });
});
