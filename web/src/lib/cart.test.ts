import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCartLine } from '../test/builders';
import { addLine, cartStore, cartSubtotal, lineKey, setLineQty, useCart } from './cart';

describe('addLine', () => {
  it('merges the same product and size by adding quantities', () => {
    const before = [aCartLine({ product: 'p1', size: 'MD', qty: 1, countInStock: 5 })];

    const lines = addLine(before, aCartLine({ product: 'p1', size: 'MD', qty: 2, countInStock: 5 }));

    expect(lines).toHaveLength(1);
    expect(lines[0]?.qty).toBe(3);
  });

  it('caps the merged quantity at the stock', () => {
    const before = [aCartLine({ product: 'p1', size: 'MD', qty: 4, countInStock: 5 })];

    const lines = addLine(before, aCartLine({ product: 'p1', size: 'MD', qty: 3, countInStock: 5 }));

    expect(lines[0]?.qty).toBe(5);
  });

  it('caps a new line at the stock and adds nothing when out of stock', () => {
    expect(addLine([], aCartLine({ qty: 9, countInStock: 2 }))[0]?.qty).toBe(2);
    expect(addLine([], aCartLine({ qty: 1, countInStock: 0 }))).toEqual([]);
  });

  it('keeps the same product in another size as its own line', () => {
    const before = [aCartLine({ product: 'p1', size: 'MD' })];

    const lines = addLine(before, aCartLine({ product: 'p1', size: 'LG' }));

    expect(lines.map((line) => line.size)).toEqual(['MD', 'LG']);
  });

  it('treats numeric and string product ids as the same product', () => {
    const before = addLine([], aCartLine({ product: '7', size: 'MD', qty: 1 }));

    const lines = addLine(before, { ...aCartLine({ size: 'MD', qty: 1 }), product: 7 as unknown as string });

    expect(lines).toHaveLength(1);
    expect(lines[0]?.qty).toBe(2);
  });
});

describe('setLineQty', () => {
  it('keeps the quantity between 1 and the stock', () => {
    const before = [aCartLine({ qty: 2, countInStock: 5 })];
    const key = lineKey(before[0]!);

    expect(setLineQty(before, key, 0)[0]?.qty).toBe(1);
    expect(setLineQty(before, key, 99)[0]?.qty).toBe(5);
  });
});

describe('cartSubtotal', () => {
  it('sums price times quantity without floating-point drift', () => {
    expect(
      cartSubtotal([aCartLine({ price: 0.1, qty: 1 }), aCartLine({ price: 0.2, qty: 1, size: 'LG' })]),
    ).toBe(0.3);
  });
});

describe('useCart', () => {
  it('counts distinct lines for the badge, not units', () => {
    const { result } = renderHook(() => useCart());

    act(() => {
      result.current.add(aCartLine({ product: 'p1', size: 'MD', qty: 2 }));
      result.current.add(aCartLine({ product: 'p1', size: 'MD', qty: 1 }));
      result.current.add(aCartLine({ product: 'p2', size: 'MD', qty: 1 }));
    });

    expect(result.current.lineCount).toBe(2);
    expect(result.current.itemCount).toBe(4);
  });

  it('persists the lines across visits and clears them', () => {
    const { result } = renderHook(() => useCart());

    act(() => result.current.add(aCartLine({ product: 'p1', qty: 2 })));
    expect(JSON.parse(localStorage.getItem('shop.cart') ?? '[]')).toHaveLength(1);

    act(() => result.current.clear());
    expect(cartStore.get()).toEqual([]);
    expect(result.current.lineCount).toBe(0);
  });
});
