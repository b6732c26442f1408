import { describe, expect, it } from 'vitest';
import { formatMoney, PriceAmount, priceOrder, shippingFor, toMinor } from './money';

describe('money', () => {
  it('charges flat shipping up to the threshold and none above it', () => {
    expect(shippingFor(toMinor(100))).toBe(1000);
    expect(shippingFor(toMinor(100.01))).toBe(0);
  });

  it('prices an order with the affiliate discount taken off the subtotal, not the shipping', () => {
    expect(priceOrder([{ unitPrice: toMinor(30), qty: 2 }], true)).toEqual({
      itemsPrice: 6000,
      discount: 300,
      shippingPrice: 1000,
      totalPrice: 6700,
    });
  });

  it('bases free shipping on the subtotal before the discount', () => {
    expect(priceOrder([{ unitPrice: toMinor(101), qty: 1 }], true).shippingPrice).toBe(0);
  });

  it('accepts prices with at most 2 decimals', () => {
    expect(PriceAmount.safeParse(19.99).success).toBe(true);
    expect(PriceAmount.safeParse(0.07).success).toBe(true);
    expect(PriceAmount.safeParse(1.234).success).toBe(false);
    expect(PriceAmount.safeParse(0).success).toBe(false);
    expect(PriceAmount.safeParse(Number.NaN).success).toBe(false);
  });

  it('formats as the shop currency with 2 decimals', () => {
    expect(formatMoney(1234)).toBe('PKR 1,234.00');
    expect(formatMoney(0.5)).toBe('PKR 0.50');
  });
});
