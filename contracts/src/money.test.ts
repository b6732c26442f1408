import { describe, expect, it } from 'vitest';
import { formatMoney, PriceAmount, priceOrder, shareByWeight, shippingFor, toMinor } from './money';

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

describe('sharing an amount by weight', () => {
  it('shares in proportion, rounding down and giving the units left to the largest remainders', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByWeight(10, [1, 2, 2])).toEqual([2, 4, 4]);
    expect(shareByWeight(7, [3, 1])).toEqual([5, 2]);
    expect(shareByWeight(5, [1, 3])).toEqual([1, 4]);
  });

  it('gives ties to the earlier weight, and always adds up to the total', () => {
    expect(shareByWeight(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(shareByWeight(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(shareByWeight(3, [1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(shareByWeight(2, [2, 1, 1, 1, 1])).toEqual([1, 1, 0, 0, 0]);
    for (const [total, weights] of [
      [9_999, [3, 7, 11, 13]],
      [1, [5, 5]],
      [475, [8_000, 1_500]],
    ] as const) {
      expect(shareByWeight(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('gives everything to the first when every weight is zero, and nothing to no one', () => {
    expect(shareByWeight(300, [0, 0])).toEqual([300, 0]);
    expect(shareByWeight(300, [])).toEqual([]);
    expect(shareByWeight(0, [2, 3])).toEqual([0, 0]);
  });
});
