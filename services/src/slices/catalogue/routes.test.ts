import type { Product } from '@shop/contracts';
import { streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { aProductInput } from './test-builders';

let t: TestShop;
let admin: SignedInUser;

it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t);
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: aProductInput(overrides),
  });
  expect(response.status).toBe(201);
  return response.body;
};

describe('POST /api/products', () => {
  it('creates the product and answers it with every Product field, money in decimals', async () => {
    const response = await t.request<Product>('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({
        price: 4999.5,
        originalPrice: 5999,
        isFeatured: true,
        countInStock: 999,
        stockBySize: { LG: 1, SM: 1, MD: 3 },
      }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Flex Leggings',
      description: 'High-waisted leggings that stay put.',
      category: 'Leggings',
      price: 4999.5,
      originalPrice: 5999,
      image: '/images/flex-high-rise-leggings.webp',
      thumbnail: '/images/flex-high-rise-leggings-thumb.webp',
      sizes: ['SM', 'MD', 'LG'],
      countInStock: 5,
      stockBySize: { SM: 1, MD: 3, LG: 1 },
      rating: 0,
      numReviews: 0,
      popularity: 0,
      isFeatured: true,
      createdAt: '2024-05-02T08:00:00.000Z',
      updatedAt: '2024-05-02T08:00:00.000Z',
    });
    const shown = await t.request<Product>('GET', `/api/products/${response.body.id}`);
    expect(shown.body).toEqual(response.body);
  });

  it('answers 401 without a token and 403 for a customer', async () => {
    const customer = await registerUser(t);
    expect((await t.request('POST', '/api/products', { body: aProductInput() })).status).toBe(401);
    const asCustomer = await t.request('POST', '/api/products', {
      token: customer.token,
      body: aProductInput(),
    });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 400 naming each bad field', async () => {
    const response = await t.request('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({
        name: '  ',
        price: 10.555,
        countInStock: 1.5,
        sizes: ['SM', 'XXL'],
        description: undefined,
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const fields = (response.body.fields as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'description', 'price', 'stockBySize.SM', 'sizes.1']),
    );
    for (const bad of [
      { price: 0 },
      { price: -5 },
      { countInStock: -1 },
      { image: 'https://evil.example/x.png' },
    ]) {
      const refused = await t.request('POST', '/api/products', {
        token: admin.token,
        body: aProductInput(bad),
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('needs a whole, non-negative count for every size and for no other, naming each, and creates nothing', async () => {
    const refusedFields = async (body: Record<string, unknown>) => {
      const response = await t.request('POST', '/api/products', {
        token: admin.token,
        body: aProductInput(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      return (response.body.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]);
    };
    expect(await refusedFields({ sizes: ['SM', 'MD'], stockBySize: { SM: 2 } })).toEqual([
      ['stockBySize.MD', 'Stock for MD is required'],
    ]);
    expect(await refusedFields({ sizes: ['SM'], stockBySize: { SM: 2, XL: 1 } })).toEqual([
      ['stockBySize.XL', 'Stock for XL needs XL among the sizes'],
    ]);
    expect(await refusedFields({ sizes: ['SM', 'MD'], stockBySize: { SM: -1, MD: 0.5 } })).toEqual([
      ['stockBySize.SM', 'Stock must not be negative'],
      ['stockBySize.MD', 'Stock must be a whole number'],
    ]);
    expect(await refusedFields({ sizes: ['SM'], stockBySize: undefined, countInStock: 4 })).toEqual([
      ['stockBySize.SM', 'Stock for SM is required'],
    ]);
    expect(await refusedFields({ sizes: [], stockBySize: { SM: 1 }, countInStock: 4 })).toEqual([
      ['stockBySize.SM', 'Stock for SM needs SM among the sizes'],
    ]);
    expect(await refusedFields({ sizes: [], countInStock: undefined })).toEqual([
      ['countInStock', 'Stock is required'],
    ]);
    expect((await t.request<unknown[]>('GET', '/api/products')).body).toEqual([]);
  });

  it('keeps one count and no stock per size for a product without sizes', async () => {
    const response = await t.request<Product>('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ sizes: [], countInStock: 7 }),
    });
    expect(response.body).toMatchObject({ sizes: [], countInStock: 7, stockBySize: {} });
  });

  it('refuses an original price below the price, naming the field, and creates nothing', async () => {
    const before = await t.request<unknown[]>('GET', '/api/products');
    const refused = await t.request('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ price: 4999, originalPrice: 3999 }),
    });
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([
      400,
      'VALIDATION_FAILED',
      [{ field: 'originalPrice', message: 'Original price must not be below the price' }],
    ]);
    expect((await t.request<unknown[]>('GET', '/api/products')).body).toEqual(before.body);
    const markedDown = await t.request('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ price: 4999, originalPrice: 5999 }),
    });
    expect(markedDown.status).toBe(201);
  });

  it('refuses an image that is not on the server', async () => {
    for (const image of ['/uploads/nothing-here.webp', '/images/missing.webp', '/uploads/..']) {
      const response = await t.request('POST', '/api/products', {
        token: admin.token,
        body: aProductInput({ image }),
      });
      expect(response.status, image).toBe(400);
      expect(response.body).toMatchObject({ fields: [{ field: 'image' }] });
    }
  });
});

describe('categories', () => {
  it('takes a category in the spelling the shop already has, so "tops" and "Tops" are one', async () => {
    await create({ category: 'Tops' });
    const lower = await create({ category: '  tops ' });
    const shouted = await create({ category: 'TOPS' });
    expect([lower.category, shouted.category]).toEqual(['Tops', 'Tops']);
    const categories = await t.request<{ category: string; count: number }[]>('GET', '/api/categories');
    expect(categories.body).toEqual([{ category: 'Tops', count: 3 }]);

    const edited = await t.request<Product>('PUT', `/api/products/${lower.id}`, {
      token: admin.token,
      body: aProductInput({ category: 'tOpS' }),
    });
    expect(edited.body.category).toBe('Tops');
  });

  it('lets the only product of a category change its capitalisation, and keeps a new one as typed', async () => {
    const only = await create({ category: 'leggings' });
    const renamed = await t.request<Product>('PUT', `/api/products/${only.id}`, {
      token: admin.token,
      body: aProductInput({ category: 'Leggings' }),
    });
    expect(renamed.body.category).toBe('Leggings');
    expect((await create({ category: 'Sports Bras' })).category).toBe('Sports Bras');
  });
});

describe('GET /api/products and /api/products/{id}', () => {
  it('lists every product without a token, in the order they were added', async () => {
    const first = await create({ name: 'First' });
    t.clock.advance(1000);
    const second = await create({ name: 'Second' });
    const response = await t.request<Product[]>('GET', '/api/products');
    expect(response.status).toBe(200);
    expect(response.body.map((p) => p.id)).toEqual([first.id, second.id]);
  });

  it('answers 404 Product not found for an unknown id', async () => {
    const response = await t.request('GET', '/api/products/no-such-product');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });
});

describe('PUT /api/products/{id}', () => {
  it('replaces the fields, the stock becoming the absolute count', async () => {
    const product = await create({ countInStock: 5 });
    t.clock.advance(60_000);
    const response = await t.request<Product>('PUT', `/api/products/${product.id}`, {
      token: admin.token,
      body: aProductInput({
        name: 'Flex Leggings II',
        price: 3500,
        stockBySize: { XL: 40, SM: 2 },
        sizes: ['XL', 'SM'],
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: product.id,
      name: 'Flex Leggings II',
      price: 3500,
      countInStock: 42,
      stockBySize: { XL: 40, SM: 2 },
      sizes: ['XL', 'SM'],
      createdAt: product.createdAt,
      updatedAt: '2024-05-02T08:01:00.000Z',
    });
    expect((await t.request('GET', `/api/products/${product.id}`)).body).toEqual(response.body);
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    const customer = await registerUser(t);
    const product = await create();
    const path = `/api/products/${product.id}`;
    expect((await t.request('PUT', path, { body: aProductInput() })).status).toBe(401);
    expect((await t.request('PUT', path, { token: customer.token, body: aProductInput() })).status).toBe(403);
    const bad = await t.request('PUT', path, { token: admin.token, body: aProductInput({ price: 'cheap' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: [{ field: 'price' }] });
    const unknown = await t.request('PUT', '/api/products/nope', {
      token: admin.token,
      body: aProductInput(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Product not found' });
  });
});

describe('answers kept between changes', () => {
  it('never outlive a change: an edit, a new product or a deletion shows at once on every public call', async () => {
    const product = await create({ name: 'Flex Leggings', countInStock: 5 });
    const catalogue = '/api/catalogue?category=Leggings&limit=12';
    const read = async () => ({
      catalogue: (await t.request<{ products: Product[]; total: number }>('GET', catalogue)).body,
      product: (await t.request<Product>('GET', `/api/products/${product.id}`)).body,
      categories: (await t.request<{ category: string; count: number }[]>('GET', '/api/categories')).body,
    });
    const before = await read();
    expect(await read()).toEqual(before);
    expect(before.catalogue.total).toBe(1);

    await t.request('PUT', `/api/products/${product.id}`, {
      token: admin.token,
      body: aProductInput({ name: 'Flex Leggings II', countInStock: 3 }),
    });
    const edited = await read();
    expect(edited.product).toMatchObject({ name: 'Flex Leggings II', countInStock: 3 });
    expect(edited.catalogue.products.map((p) => [p.name, p.countInStock])).toEqual([['Flex Leggings II', 3]]);

    await create({ name: 'Second Leggings' });
    const added = await read();
    expect(added.catalogue.total).toBe(2);
    expect(added.categories).toEqual([{ category: 'Leggings', count: 2 }]);

    const deleted = await t.request('DELETE', `/api/products/${product.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await t.request('GET', `/api/products/${product.id}`)).status).toBe(404);
    expect((await read()).catalogue.total).toBe(1);
  });
});

describe('DELETE /api/products/{id}', () => {
  it('takes the product out of the catalogue and keeps its history', async () => {
    const kept = await create({ name: 'Kept' });
    const product = await create({ name: 'Gone' });
    const response = await t.request('DELETE', `/api/products/${product.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Product deleted', id: product.id });

    expect((await t.request('GET', `/api/products/${product.id}`)).status).toBe(404);
    const list = await t.request<Product[]>('GET', '/api/products');
    expect(list.body.map((p) => p.id)).toEqual([kept.id]);
    const catalogue = await t.request<{ total: number }>('GET', '/api/catalogue');
    expect(catalogue.body.total).toBe(1);

    const history = await t.deps.store.readStream(streams.product(product.id));
    expect(history.map((e) => e.type)).toEqual(['ProductCreated', 'ProductDeleted']);
    expect(history[0]!.data).toMatchObject({ name: 'Gone', price: 4_999_00 });
    expect(history[1]!.metadata.actor).toBe(admin.id);
  });

  it('answers 401, 403 and 404 (also for a product already deleted)', async () => {
    const customer = await registerUser(t);
    const product = await create();
    const path = `/api/products/${product.id}`;
    expect((await t.request('DELETE', path)).status).toBe(401);
    expect((await t.request('DELETE', path, { token: customer.token })).status).toBe(403);
    expect((await t.request('DELETE', '/api/products/nope', { token: admin.token })).status).toBe(404);
    expect((await t.request('DELETE', path, { token: admin.token })).status).toBe(200);
    const again = await t.request('DELETE', path, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: 'Product not found' });
  });
});
