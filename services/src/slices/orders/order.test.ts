import { describe, expect, it } from 'vitest';
import { unitsByProduct } from './order';

describe('units per product', () => {
  it('adds up the units of each product across its lines and sizes', () => {
    const units = unitsByProduct([
      { productId: 'p2', qty: 1 },
      { productId: 'p1', qty: 2 },
      { productId: 'p2', qty: 4 },
    ]);
    expect([...units]).toEqual([
      ['p1', 2],
      ['p2', 5],
    ]);
    expect([...unitsByProduct([])]).toEqual([]);
  });

  it('lists products in id order whatever the order of the lines, so stock is always reserved in the same order', () => {
    const ids = Array.from({ length: 120 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const shuffled = ids.map((_, i) => ids[(i * 7) % ids.length]!);
    expect([...unitsByProduct(shuffled.map((productId) => ({ productId, qty: 1 }))).keys()]).toEqual(ids);
    expect([
      ...unitsByProduct([...ids].reverse().map((productId) => ({ productId, qty: 1 }))).keys(),
    ]).toEqual(ids);
    expect([
      ...unitsByProduct([
        { productId: 'b', qty: 1 },
        { productId: 'a', qty: 1 },
        { productId: 'c', qty: 1 },
      ]).keys(),
    ]).toEqual(['a', 'b', 'c']);
  });
});
