import type { Product } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser } from '../../test-support/test-shop';
import { admin, create, t, useCatalogueShop } from './routes-test-kit';
import { aProductInput } from './test-builders';

useCatalogueShop();

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
      options: [{ name: 'Size', values: ['SM', 'MD', 'LG'] }],
      variants: [
        {
          id: expect.any(String),
          sku: null,
          options: { Size: 'SM' },
          price: 4999.5,
          originalPrice: 5999,
          stock: 1,
        },
        {
          id: expect.any(String),
          sku: null,
          options: { Size: 'MD' },
          price: 4999.5,
          originalPrice: 5999,
          stock: 3,
        },
        {
          id: expect.any(String),
          sku: null,
          options: { Size: 'LG' },
          price: 4999.5,
          originalPrice: 5999,
          stock: 1,
        },
      ],
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
