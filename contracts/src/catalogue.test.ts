import { describe, expect, it } from 'vitest';
import { ProductInput, productStock, sumStock, unitsOfSize } from './catalogue';

const base = {
  name: 'Flex Leggings',
  description: 'High-waisted.',
  category: 'Leggings',
  price: 4999,
  image: '/images/flex.webp',
};

const issuesOf = (body: Record<string, unknown>) => {
  const result = ProductInput.safeParse({ ...base, ...body });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the stock of a product input', () => {
  it('derives the count from the sizes, in their order, ignoring a count sent beside them', () => {
    const parsed = ProductInput.parse({
      ...base,
      sizes: ['LG', 'SM'],
      countInStock: 99,
      stockBySize: { SM: 2, LG: 3 },
    });
    expect(parsed.countInStock).toBe(5);
    expect(Object.entries(parsed.stockBySize)).toEqual([
      ['LG', 3],
      ['SM', 2],
    ]);
  });

  it('keeps the one count of a product without sizes, and no sizes', () => {
    const parsed = ProductInput.parse({ ...base, countInStock: 7 });
    expect([parsed.sizes, parsed.countInStock, parsed.stockBySize]).toEqual([[], 7, {}]);
  });

  it('names every missing, foreign and bad count, and a missing one count', () => {
    expect(issuesOf({ sizes: ['SM', 'MD'], stockBySize: { SM: 1 } })).toEqual([
      ['stockBySize.MD', 'Stock for MD is required'],
    ]);
    expect(issuesOf({ sizes: ['SM'] })).toEqual([['stockBySize.SM', 'Stock for SM is required']]);
    expect(issuesOf({ sizes: ['SM'], stockBySize: { SM: 1, XL: 2 } })).toEqual([
      ['stockBySize.XL', 'Stock for XL needs XL among the sizes'],
    ]);
    expect(issuesOf({ countInStock: 1, stockBySize: { MD: 1 } })).toEqual([
      ['stockBySize.MD', 'Stock for MD needs MD among the sizes'],
    ]);
    expect(issuesOf({})).toEqual([['countInStock', 'Stock is required']]);
    expect(issuesOf({ sizes: ['SM'], stockBySize: { SM: -1 } })).toEqual([
      ['stockBySize.SM', 'Stock must not be negative'],
    ]);
    expect(issuesOf({ sizes: ['SM'], stockBySize: { SM: 1_000_001 } })).toEqual([
      ['stockBySize.SM', 'Stock must be at most 1,000,000'],
    ]);
    expect(issuesOf({ sizes: ['SM'], stockBySize: { SM: 0 } })).toEqual([]);
    expect(issuesOf({ countInStock: 0 })).toEqual([]);
  });
});

describe('units of one size', () => {
  const leggings = { sizes: ['SM', 'MD'], countInStock: 5, stockBySize: { SM: 0, MD: 5 } };
  it('reads the size’s count, 0 for a size not offered, the one count without sizes', () => {
    expect(unitsOfSize(leggings, 'MD')).toBe(5);
    expect(unitsOfSize(leggings, 'SM')).toBe(0);
    expect(unitsOfSize(leggings, 'XL')).toBe(0);
    expect(unitsOfSize({ sizes: [], countInStock: 3, stockBySize: {} }, '')).toBe(3);
  });

  it('sums and fills in the sizes', () => {
    expect(sumStock({ SM: 2, MD: 3 })).toBe(5);
    expect(sumStock({})).toBe(0);
    expect(productStock({ sizes: ['SM', 'MD'], stockBySize: { MD: 4 } })).toEqual({
      countInStock: 4,
      stockBySize: { SM: 0, MD: 4 },
    });
    expect(productStock({ sizes: [] })).toEqual({ countInStock: 0, stockBySize: {} });
  });
});
