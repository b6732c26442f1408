import type { CataloguePage, CategoryCount, Size } from '@shop/contracts';
import { streams } from '@shop/contracts';
import { anOrderPlaced } from '@shop/testing';
import { describe, expect } from 'vitest';
import { handleCommand } from '../../platform/commands/handle-command';
import { it } from '../../test-support/shop-test';
import type { TestShop } from '../../test-support/test-shop';
import { reviewDecider } from '../reviews/decide';
import { listProduct } from './test-builders';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const page = async (query = '') => {
  const response = await t.request<CataloguePage>('GET', `/api/catalogue${query}`);
  expect(response.status).toBe(200);
  return response.body;
};
const names = async (query = '') => (await page(query)).products.map((p) => p.name);

async function postReview(reviewId: string, productId: string, rating: number) {
  const at = t.clock.now().toISOString();
  await handleCommand(
    t.deps,
    reviewDecider,
    streams.review(reviewId),
    {
      type: 'PostReview',
      reviewId,
      productId,
      userId: 'u1',
      orderId: 'o1',
      lineId: reviewId,
      rating,
      comment: 'ok',
      anonymous: false,
      at,
    },
    { actor: 'u1' },
  );
}

async function placeOrder(orderId: string, productId: string, qty: number) {
  const base = anOrderPlaced();
  const { position } = await t.deps.store.append(streams.order(orderId), [
    { type: 'OrderPlaced', data: anOrderPlaced({ orderId, lines: [{ ...base.lines[0]!, productId, qty }] }) },
  ]);
  await t.deps.projections.waitForPosition(position, 2_000);
}

/** Six products a minute apart: prices in PKR minor units. */
async function aSmallCatalogue() {
  const products: [string, string, string, number, Size[], boolean, string?][] = [
    ['a', 'Flex Leggings', 'Leggings', 4999_00, ['SM', 'MD'], true],
    ['b', 'Run Shorts', 'Shorts', 2499_00, ['MD', 'LG'], false],
    ['c', 'Cloud Hoodie', 'Hoodies', 6999_00, ['LG', 'XL'], true],
    [
      'd',
      'Sweat Headband',
      'Accessories',
      45_00,
      [],
      false,
      'Terry cloth that keeps SWEAT out of your eyes.',
    ],
    ['e', 'Seamless Leggings', 'Leggings', 5499_00, ['SM'], false],
    ['f', 'Breeze Tee', 'Tops', 2199_00, ['SM', 'MD', 'LG'], false],
  ];
  for (const [id, name, category, price, sizes, isFeatured, description] of products) {
    await listProduct(t.deps, id, {
      name,
      category,
      price,
      sizes,
      isFeatured,
      description: description ?? `${name}.`,
    });
    t.clock.advance(60_000);
  }
}

describe('GET /api/catalogue', () => {
  it('answers the first 12 by featured order, the total and the category counts', async () => {
    for (let i = 0; i < 15; i++) await listProduct(t.deps, `p${i}`, { category: i % 2 ? 'Tops' : 'Shorts' });
    const first = await page();
    expect(first.products).toHaveLength(12);
    expect(first.total).toBe(15);
    expect(first.categories).toEqual<CategoryCount[]>([
      { category: 'Shorts', count: 8 },
      { category: 'Tops', count: 7 },
    ]);
    const rest = await page('?offset=12&limit=12');
    expect(rest.products).toHaveLength(3);
    const ids = [...first.products, ...rest.products].map((p) => p.id);
    expect(new Set(ids).size).toBe(15);
  });

  it('filters by search, category, size and price together', async () => {
    await aSmallCatalogue();
    expect(await names('?search=leggings&sort=price-asc')).toEqual(['Flex Leggings', 'Seamless Leggings']);
    expect(await names('?search=sweat%20OUT')).toEqual(['Sweat Headband']);
    expect(await names('?category=leggings&size=sm&maxPrice=5000')).toEqual(['Flex Leggings']);
    expect(await names('?size=LG&minPrice=2200&sort=price-desc')).toEqual(['Cloud Hoodie', 'Run Shorts']);
    const filtered = await page('?category=Leggings&size=MD');
    expect(filtered.total).toBe(1);
    expect(filtered.categories).toEqual([
      { category: 'Leggings', count: 1 },
      { category: 'Shorts', count: 1 },
      { category: 'Tops', count: 1 },
    ]);
  });

  it('sorts by featured and rating, popularity, newest and price', async () => {
    await aSmallCatalogue();
    await postReview('r1', 'a', 3);
    await postReview('r2', 'c', 5);
    await postReview('r3', 'b', 2);
    await placeOrder('o1', 'd', 9);
    await placeOrder('o2', 'f', 4);
    // Featured: Cloud (5) then Flex (3); then unreviewed products shown as 4 stars, newest first; then Run Shorts (2).
    expect(await names()).toEqual([
      'Cloud Hoodie',
      'Flex Leggings',
      'Breeze Tee',
      'Seamless Leggings',
      'Sweat Headband',
      'Run Shorts',
    ]);
    expect((await names('?sort=popularity')).slice(0, 2)).toEqual(['Sweat Headband', 'Breeze Tee']);
    expect(await names('?sort=newest&limit=2')).toEqual(['Breeze Tee', 'Seamless Leggings']);
    expect(await names('?sort=price-asc&limit=2')).toEqual(['Sweat Headband', 'Breeze Tee']);
    expect(await names('?sort=price-desc&limit=2')).toEqual(['Cloud Hoodie', 'Seamless Leggings']);
    const reviewed = (await page('?search=cloud')).products[0];
    expect(reviewed).toMatchObject({ rating: 5, numReviews: 1, popularity: 0 });
  });

  it('answers 400 naming the field for a bad query', async () => {
    for (const [query, field] of [
      ['?sort=cheapest', 'sort'],
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?offset=-1', 'offset'],
      ['?minPrice=abc', 'minPrice'],
      ['?size=XXL', 'size'],
    ]) {
      const response = await t.request('GET', `/api/catalogue${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field }] });
    }
  });
});

describe('GET /api/categories', () => {
  it('counts the products on sale per category', async () => {
    await aSmallCatalogue();
    const response = await t.request<CategoryCount[]>('GET', '/api/categories');
    expect(response.body).toEqual([
      { category: 'Accessories', count: 1 },
      { category: 'Hoodies', count: 1 },
      { category: 'Leggings', count: 2 },
      { category: 'Shorts', count: 1 },
      { category: 'Tops', count: 1 },
    ]);
  });
});
