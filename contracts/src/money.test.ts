import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fromMinor,
  MoneyAmount,
  markdownPercent,
  PriceAmount,
  priceOrder,
  shareByWeight,
  shippingFor,
  toMinor,
} from './money';
import { DEFAULT_SHIPPING } from './shop-config';

const firstError = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('money', () => {
  it('converts between rupees and paisa, rounding to the paisa', () => {
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1.005)).toBe(100);
    expect(fromMinor(1999)).toBe(19.99);
    expect(fromMinor(5)).toBe(0.05);
  });

  it('charges the fee up to the threshold and nothing above it, by the configured rule', () => {
    expect(shippingFor(toMinor(1_500), DEFAULT_SHIPPING)).toBe(20_000);
    expect(shippingFor(toMinor(1_500.01), DEFAULT_SHIPPING)).toBe(0);
    expect(shippingFor(0, DEFAULT_SHIPPING)).toBe(20_000);
    const rule = { freeShippingOver: 100, shippingFee: 10 };
    expect(shippingFor(toMinor(100), rule)).toBe(1_000);
    expect(shippingFor(toMinor(100.01), rule)).toBe(0);
  });

  it('prices an order with the affiliate discount taken off the subtotal, not the shipping', () => {
    expect(priceOrder([{ unitPrice: toMinor(300), qty: 2 }], true, DEFAULT_SHIPPING)).toEqual({
      itemsPrice: 60_000,
      discount: 3_000,
      shippingPrice: 20_000,
      totalPrice: 77_000,
    });
  });

  it('adds up every line and rounds the discount to the paisa', () => {
    const lines = [
      { unitPrice: 1_999, qty: 3 },
      { unitPrice: 1, qty: 1 },
    ];
    expect(priceOrder(lines, true, DEFAULT_SHIPPING)).toEqual({
      itemsPrice: 5_998,
      discount: 300,
      shippingPrice: 20_000,
      totalPrice: 25_698,
    });
    expect(priceOrder(lines, false, DEFAULT_SHIPPING)).toEqual({
      itemsPrice: 5_998,
      discount: 0,
      shippingPrice: 20_000,
      totalPrice: 25_998,
    });
  });

  it('bases free shipping on the subtotal before the discount', () => {
    const pricing = priceOrder([{ unitPrice: toMinor(1_501), qty: 1 }], true, DEFAULT_SHIPPING);
    expect(pricing.shippingPrice).toBe(0);
    expect(pricing.totalPrice).toBe(150_100 - 7_505);
  });

  it('accepts prices with at most 2 decimals, positive and under 10 million', () => {
    expect(PriceAmount.safeParse(19.99).success).toBe(true);
    expect(PriceAmount.safeParse(0.07).success).toBe(true);
    expect(PriceAmount.safeParse(9_999_999).success).toBe(true);
    expect(firstError(PriceAmount.safeParse(1.234))).toBe('must have at most 2 decimals');
    expect(firstError(PriceAmount.safeParse(0))).toBe('must be greater than 0');
    expect(firstError(PriceAmount.safeParse(10_000_000))).toBe('must be less than 10,000,000');
    expect(firstError(PriceAmount.safeParse('12'))).toBe('must be a number');
    expect(PriceAmount.safeParse(Number.NaN).success).toBe(false);
    expect(PriceAmount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('refuses a price below one paisa, which would sell the product for nothing', () => {
    for (const price of [0.000000001, 0.004]) {
      expect(toMinor(price)).toBe(0);
      expect(firstError(PriceAmount.safeParse(price))).toBe('must be at least 0.01');
    }
    expect(PriceAmount.safeParse(0.01).success).toBe(true);
  });

  it('refuses a fraction of a paisa however small, on prices and amounts alike', () => {
    for (const schema of [PriceAmount, MoneyAmount]) {
      expect(firstError(schema.safeParse(19.991))).toBe('must have at most 2 decimals');
    }
    expect(firstError(MoneyAmount.safeParse(0.00000001))).toBe('must have at most 2 decimals');
  });

  it('accepts a total a client added up in floating point', () => {
    let tenths = 0;
    for (let i = 0; i < 1_000; i++) tenths += 0.1;
    expect(tenths).not.toBe(100);
    expect(MoneyAmount.safeParse(tenths).success).toBe(true);
    expect(MoneyAmount.safeParse(19.99 * 3).success).toBe(true);
  });

  it('accepts every amount with 2 decimals up to a billion, where floating point is coarsest', () => {
    const refused: number[] = [];
    for (let paisa = 10_000_000_000; paisa <= 100_000_000_000; paisa += 89_999_999) {
      const amount = paisa / 100;
      if (!MoneyAmount.safeParse(amount).success) refused.push(amount);
    }
    expect(refused).toEqual([]);
    expect(MoneyAmount.safeParse(274_665_898.47).success).toBe(true);
    expect(firstError(MoneyAmount.safeParse(274_665_898.471))).toBe('must have at most 2 decimals');
  });

  it('accepts amounts from 0 to a billion with at most 2 decimals', () => {
    expect(MoneyAmount.safeParse(0).success).toBe(true);
    expect(MoneyAmount.safeParse(1_000_000_000).success).toBe(true);
    expect(firstError(MoneyAmount.safeParse(-0.01))).toBe('must not be negative');
    expect(firstError(MoneyAmount.safeParse(1_000_000_000.01))).toBe('is too large');
    expect(firstError(MoneyAmount.safeParse(0.001))).toBe('must have at most 2 decimals');
    expect(firstError(MoneyAmount.safeParse(null))).toBe('must be a number');
  });

  it('formats as the shop currency with 2 decimals', () => {
    expect(formatMoney(1234)).toBe('PKR 1,234.00');
    expect(formatMoney(0.5)).toBe('PKR 0.50');
    expect(formatMoney(4999.999)).toBe('PKR 5,000.00');
  });

  it('gives a markdown percentage only when the original price is above the price', () => {
    expect(markdownPercent(4_999, 5_999)).toBe(16);
    expect(markdownPercent(50, 100)).toBe(50);
    expect(markdownPercent(99.99, 100)).toBe(1);
    expect(markdownPercent(0.01, 100)).toBe(99);
    expect(markdownPercent(100, 100)).toBeNull();
    expect(markdownPercent(120, 100)).toBeNull();
    expect(markdownPercent(35, null)).toBeNull();
    expect(markdownPercent(35, undefined)).toBeNull();
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
