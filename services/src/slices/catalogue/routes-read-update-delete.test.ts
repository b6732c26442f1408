import type { Product } from '@shop/contracts';
import { streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser } from '../../test-support/test-shop';
import { admin, create, t, useCatalogueShop } from './routes-test-kit';
import { aProductInput } from './test-builders';

useCatalogueShop();

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
