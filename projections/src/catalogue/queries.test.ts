import { CatalogueQuery, type EventData, type Size } from '@shop/contracts';
import type { Compilable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReadModelsDb } from '../db/database';
import { categoryCounts, liveProductStamps, queryCatalogue } from './queries';
import { anEvent, aProductCreated, aReview, project, projected } from './test-builders';

const query = (q: Record<string, unknown> = {}) => CatalogueQuery.parse(q);
const names = (db: ReadModelsDb, q: Record<string, unknown> = {}) =>
  queryCatalogue(db, query({ limit: 100, ...q })).products.map((p) => p.name);

/** Six products: prices in PKR, created a day apart in this order. */
function aSmallCatalogue(): ReadModelsDb {
  const product = (
    productId: string,
    name: string,
    category: string,
    price: number,
    sizes: Size[],
    day: number,
    more: { description?: string; isFeatured?: boolean } = {},
  ) =>
    aProductCreated({
      productId,
      name,
      category,
      price: price * 100,
      sizes,
      at: `2024-05-0${day}T10:00:00.000Z`,
      description: more.description ?? `${name} for training.`,
      isFeatured: more.isFeatured ?? false,
    });
  return projected(
    product('a', 'Flex Leggings', 'Leggings', 4999, ['SM', 'MD'], 1, { isFeatured: true }),
    product('b', 'Run Shorts', 'Shorts', 2499, ['MD', 'LG'], 2),
    product('c', 'Cloud Hoodie', 'Hoodies', 6999, ['LG', 'XL'], 3, { isFeatured: true }),
    product('d', 'Sweat Headband', 'Accessories', 45, [], 4, {
      description: 'Terry cloth, keeps SWEAT away.',
    }),
    product('e', 'Seamless leggings', 'leggings', 5499, ['SM'], 5),
    product('f', 'Breeze Tee', 'Tops', 2199, ['SM', 'MD', 'LG'], 6),
    aReview('r1', 'c', 5),
    aReview('r2', 'a', 3),
    aReview('r3', 'f', 5),
    anEvent('StockReserved', {
      productId: 'b',
      orderId: 'o1',
      size: null,
      qty: 1,
      at: '2024-05-07T10:00:00.000Z',
    }),
  );
}

describe('querying the catalogue', () => {
  it('searches name and description, case-insensitively', () => {
    const db = aSmallCatalogue();
    expect(names(db, { search: 'LEGGINGS', sort: 'price-asc' })).toEqual([
      'Flex Leggings',
      'Seamless leggings',
    ]);
    expect(names(db, { search: 'sweat away' })).toEqual(['Sweat Headband']);
    expect(names(db, { search: '%' })).toEqual([]);
  });

  it('filters by category (whatever its capitalisation), size and price range', () => {
    const db = aSmallCatalogue();
    expect(names(db, { category: 'LEGGINGS', sort: 'newest' })).toEqual([
      'Seamless leggings',
      'Flex Leggings',
    ]);
    expect(names(db, { size: 'lg', sort: 'price-asc' })).toEqual([
      'Breeze Tee',
      'Run Shorts',
      'Cloud Hoodie',
    ]);
    expect(names(db, { minPrice: 2199, maxPrice: '4999', sort: 'price-asc' })).toEqual([
      'Breeze Tee',
      'Run Shorts',
      'Flex Leggings',
    ]);
    expect(names(db, { maxPrice: 49.99 })).toEqual(['Sweat Headband']);
  });

  it('sorts featured first then by the rating a shopper sees (4 without reviews)', () => {
    const db = aSmallCatalogue();
    // Featured: Cloud (5) before Flex (3). Then Breeze (5), then the unreviewed (4) newest first.
    expect(names(db)).toEqual([
      'Cloud Hoodie',
      'Flex Leggings',
      'Breeze Tee',
      'Seamless leggings',
      'Sweat Headband',
      'Run Shorts',
    ]);
  });

  it('sorts by popularity, newest and price', () => {
    const db = aSmallCatalogue();
    const order = (orderId: string, productId: string, qty: number) =>
      anEvent('OrderPlaced', {
        orderId,
        reference: `R-${orderId}`,
        userId: 'u1',
        lines: [
          {
            lineId: 'l',
            productId,
            name: 'x',
            image: '/images/x.webp',
            category: 'x',
            unitPrice: 1,
            qty,
            size: '',
          },
        ],
        shippingAddress: { fullName: 'A', address: 'B', city: 'C', postalCode: 'D', country: 'E', phone: '' },
        paymentMethod: 'COD',
        itemsPrice: 1,
        discount: 0,
        shippingPrice: 0,
        totalPrice: 1,
        affiliateCode: null,
        affiliateUserId: null,
        confirmationRequired: true,
        at: '2024-05-08T10:00:00.000Z',
      });
    project(db, order('o1', 'd', 7), order('o2', 'b', 2), order('o3', 'd', 1));
    expect(names(db, { sort: 'popularity' }).slice(0, 2)).toEqual(['Sweat Headband', 'Run Shorts']);
    expect(names(db, { sort: 'newest' })[0]).toBe('Breeze Tee');
    expect(names(db, { sort: 'price-asc' })).toEqual([
      'Sweat Headband',
      'Breeze Tee',
      'Run Shorts',
      'Flex Leggings',
      'Seamless leggings',
      'Cloud Hoodie',
    ]);
    expect(names(db, { sort: 'price-desc' })[0]).toBe('Cloud Hoodie');
  });

  it('pages through every sort without repeating or skipping, even when every key ties', () => {
    const db = projected(
      ...Array.from({ length: 25 }, (_, i) =>
        aProductCreated({ productId: `p${String(i).padStart(2, '0')}` }),
      ),
    );
    for (const sort of ['featured', 'popularity', 'newest', 'price-asc', 'price-desc']) {
      const all = names(db, { sort });
      const paged = [0, 10, 20].flatMap((offset) =>
        queryCatalogue(db, query({ sort, offset, limit: 10 })).products.map((p) => p.id),
      );
      expect(new Set(paged).size).toBe(25);
      expect(all).toHaveLength(25);
    }
  });

  it('answers the total beyond the page and category counts that ignore only the category filter', () => {
    const db = aSmallCatalogue();
    const page = queryCatalogue(db, query({ category: 'Leggings', size: 'SM', limit: 1 }));
    expect(page.products).toHaveLength(1);
    expect(page.total).toBe(2);
    expect(page.categories).toEqual([
      { category: 'Leggings', count: 2 },
      { category: 'Tops', count: 1 },
    ]);
    expect(categoryCounts(db)).toEqual([
      { category: 'Accessories', count: 1 },
      { category: 'Hoodies', count: 1 },
      { category: 'Leggings', count: 2 },
      { category: 'Shorts', count: 1 },
      { category: 'Tops', count: 1 },
    ]);
  });

  it('leaves deleted products out of pages, totals and counts', () => {
    const db = aSmallCatalogue();
    project(db, anEvent('ProductDeleted', { productId: 'c', at: '2024-05-09T10:00:00.000Z' }));
    const page = queryCatalogue(db, query());
    expect(page.total).toBe(5);
    expect(page.products.map((p) => p.name)).not.toContain('Cloud Hoodie');
    expect(page.categories.map((c) => c.category)).not.toContain('Hoodies');
  });
});

describe('walking the products on sale (the sitemap)', () => {
  it('pages through them by id with their last change, leaving deleted ones out', () => {
    const db = aSmallCatalogue();
    project(
      db,
      anEvent('ProductDeleted', { productId: 'b', at: '2024-05-09T10:00:00.000Z' }),
      anEvent('ProductUpdated', {
        ...(aProductCreated({ productId: 'c', name: 'Cloud Hoodie II' }).data as EventData<'ProductCreated'>),
        at: '2024-05-10T10:00:00.000Z',
      }),
    );
    const first = liveProductStamps(db, { after: '', limit: 2 });
    expect(first).toEqual([
      { id: 'a', updatedAt: '2024-05-01T10:00:00.000Z' },
      { id: 'c', updatedAt: '2024-05-10T10:00:00.000Z' },
    ]);
    expect(liveProductStamps(db, { after: 'c', limit: 2 }).map((p) => p.id)).toEqual(['d', 'e']);
    expect(liveProductStamps(db, { after: 'e', limit: 2 }).map((p) => p.id)).toEqual(['f']);
    expect(liveProductStamps(db, { after: 'f', limit: 2 })).toEqual([]);
  });
});

describe('ten thousand products', () => {
  const categories = ['Leggings', 'Sports Bras', 'Tops', 'Hoodies', 'Shorts', 'Accessories'];
  const sizes: Size[] = ['SM', 'MD', 'LG', 'XL', '2XL'];
  const db = projected(
    ...Array.from({ length: 10_000 }, (_, i) =>
      aProductCreated({
        productId: `p${i}`,
        name: `Product ${i}`,
        description: i % 97 === 0 ? 'A rare merino piece.' : 'An everyday piece.',
        category: categories[i % categories.length]!,
        price: 1_000 + ((i * 7919) % 900_000),
        sizes: sizes.filter((_, s) => (i + s) % 3 === 0),
        isFeatured: i % 50 === 0,
        at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
      }),
    ),
  );

  it('walks an index for every sort of the unfiltered page instead of sorting the table', () => {
    for (const sort of ['featured', 'popularity', 'newest', 'price-asc', 'price-desc'] as const) {
      const plan = explain(db, query({ sort }));
      expect(plan, sort).toMatch(/USING INDEX catalogue_by_/);
      expect(plan, sort).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      if (process.env.SHOW_PLANS) console.log(sort, plan);
    }
  });

  it('answers any filter and sort through an index, never a scan of every product', () => {
    const queries = [
      {},
      { sort: 'price-desc', offset: 9_000 },
      { category: 'Tops', sort: 'newest' },
      { size: 'XL', minPrice: 100, maxPrice: 5000, sort: 'price-asc' },
      { search: 'merino', sort: 'popularity' },
    ];
    for (const q of queries) {
      const plan = explain(db, query(q));
      expect(plan, JSON.stringify(q)).toMatch(/USING (COVERING )?INDEX/);
      expect(plan, JSON.stringify(q)).not.toMatch(/SCAN catalogue_products$/m);
      if (process.env.SHOW_PLANS) console.log(JSON.stringify(q), plan);
    }
  });
});

/** The query plan of one page of the catalogue, as SQLite would run it. */
function explain(db: ReadModelsDb, q: CatalogueQuery): string {
  let captured = '';
  const spy: ReadModelsDb = {
    ...db,
    all: ((compilable: Compilable) => {
      const { sql, parameters } = compilable.compile();
      if (!captured) {
        captured = db.sqlite
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...parameters)
          .map((row) => (row as { detail: string }).detail)
          .join('\n');
      }
      return [];
    }) as unknown as ReadModelsDb['all'],
    first: () => undefined,
  };
  queryCatalogue(spy, q);
  return captured;
}
