import { describe, expect, it } from 'vitest';
import { unitsByProductAndSize } from './order';

const keysOf = (lines: { productId: string; size: string; qty: number }[]) =>
  unitsByProductAndSize(lines).map(({ productId, size }) => `${productId}/${size}`);

describe('units per product and size', () => {
  it('adds lines of the same product and size, keeps sizes apart, in product then size order', () => {
    expect(
      unitsByProductAndSize([
        { productId: 'p2', size: 'SM', qty: 1 },
        { productId: 'p1', size: 'MD', qty: 2 },
        { productId: 'p1', size: 'LG', qty: 1 },
        { productId: 'p1', size: 'MD', qty: 3 },
        { productId: 'p0', size: '', qty: 4 },
      ]),
    ).toEqual([
      { productId: 'p0', size: '', qty: 4 },
      { productId: 'p1', size: 'LG', qty: 1 },
      { productId: 'p1', size: 'MD', qty: 5 },
      { productId: 'p2', size: 'SM', qty: 1 },
    ]);
  });

  it('answers nothing for no lines', () => {
    expect(unitsByProductAndSize([])).toEqual([]);
  });

  it('lists products and sizes in order whatever the order of the lines, so stock is always reserved in the same order', () => {
    const ids = Array.from({ length: 120 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const shuffled = ids.map((_, i) => ids[(i * 7) % ids.length]!);
    const expected = ids.map((id) => `${id}/MD`);
    expect(keysOf(shuffled.map((productId) => ({ productId, size: 'MD', qty: 1 })))).toEqual(expected);
    expect(keysOf([...ids].reverse().map((productId) => ({ productId, size: 'MD', qty: 1 })))).toEqual(
      expected,
    );
    expect(
      keysOf([
        { productId: 'b', size: 'SM', qty: 1 },
        { productId: 'a', size: 'XL', qty: 1 },
        { productId: 'a', size: 'LG', qty: 1 },
        { productId: 'c', size: '', qty: 1 },
      ]),
    ).toEqual(['a/LG', 'a/XL', 'b/SM', 'c/']);
  });
});
