import { type Product, streams } from '@shop/contracts';
import type { ReadModelsDb } from '@shop/projections';
import { anOrderPlaced } from '@shop/testing';
import { describe, expect } from 'vitest';
import { handleCommand } from '../../platform/commands/handle-command';
import { it } from '../../test-support/shop-test';
import { signInAdmin, type TestShop } from '../../test-support/test-shop';
import { reviewDecider } from '../reviews/decide';
import { seedDemoCatalogue } from './demo-seed';
import { releaseProductStock, reserveProductStock } from './stock';
import { aProductInput } from './test-builders';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const tables = ['catalogue_products', 'catalogue_product_sizes', 'catalogue_reviews'] as const;
const rowsOf = (db: ReadModelsDb) =>
  Object.fromEntries(
    tables.map((table) => [table, db.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]),
  );

describe('rebuilding the catalogue read model', () => {
  it('gives the same rows as the live projection, from the log alone', async () => {
    const at = () => t.clock.now().toISOString();
    const admin = await signInAdmin(t);
    await seedDemoCatalogue(t.deps);
    const created = await t.request<{ id: string }>('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ name: 'Edited Later', sizes: ['SM', 'XL'] }),
    });
    t.clock.advance(5_000);
    await t.request('PUT', `/api/products/${created.body.id}`, {
      token: admin.token,
      body: aProductInput({ name: 'Edited', sizes: ['MD'], countInStock: 9 }),
    });
    await t.request('DELETE', '/api/products/demo-muscle-tank', { token: admin.token });
    const system = { actor: 'system' };
    await reserveProductStock(
      t.deps,
      { size: 'SM', productId: 'demo-breeze-dri-fit-tee', orderId: 'o1', qty: 4, at: at() },
      system,
    );
    await reserveProductStock(
      t.deps,
      { size: 'SM', productId: 'demo-breeze-dri-fit-tee', orderId: 'o2', qty: 2, at: at() },
      system,
    );
    await releaseProductStock(
      t.deps,
      { productId: 'demo-breeze-dri-fit-tee', orderId: 'o2', qty: 2, reason: 'cancelled', at: at() },
      system,
    );
    const line = anOrderPlaced().lines[0]!;
    await t.deps.store.append(streams.order('o1'), [
      {
        type: 'OrderPlaced',
        data: anOrderPlaced({
          orderId: 'o1',
          lines: [{ ...line, productId: 'demo-breeze-dri-fit-tee', qty: 4 }],
        }),
      },
    ]);
    for (const [reviewId, rating] of [
      ['r1', 5],
      ['r2', 2],
      ['r3', 4],
    ] as const) {
      await handleCommand(
        t.deps,
        reviewDecider,
        streams.review(reviewId),
        {
          type: 'PostReview',
          reviewId,
          productId: 'demo-cloud-fleece-hoodie',
          userId: 'u1',
          orderId: 'o1',
          lineId: reviewId,
          rating,
          comment: '',
          anonymous: false,
          at: at(),
        },
        system,
      );
    }
    await handleCommand(
      t.deps,
      reviewDecider,
      streams.review('r2'),
      { type: 'DeleteReview', reviewId: 'r2', deletedBy: admin.id, at: at() },
      system,
    );
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 5_000);
    const live = rowsOf(t.deps.readModels);
    expect(live.catalogue_products?.length).toBeGreaterThan(30);
    expect(live.catalogue_reviews).toHaveLength(2);

    const result = await t.deps.projections.rebuild(['catalogue']);
    expect(result.rebuilt).toEqual(['catalogue']);
    expect(rowsOf(t.deps.readModels)).toEqual(live);
  });

  it('gives the same rows with variants, their stock moves and products upcast from before options', async () => {
    const at = () => t.clock.now().toISOString();
    const admin = await signInAdmin(t);
    const options = [
      { name: 'Colour', values: ['Black', 'Olive'] },
      { name: 'Size', values: ['SM', 'MD'] },
    ];
    const variants = [
      { sku: 'RB-B-SM', options: { Colour: 'Black', Size: 'SM' }, price: 2900, stock: 3 },
      {
        sku: 'RB-O-MD',
        options: { Colour: 'Olive', Size: 'MD' },
        price: 3100,
        originalPrice: 3500,
        stock: 2,
      },
    ];
    const { image, description } = aProductInput();
    const tee = await t.request<Product>('POST', '/api/products', {
      token: admin.token,
      body: { name: 'Rebuilt Tee', description, image, category: 'Tops', options, variants },
    });
    expect(tee.status).toBe(201);
    await t.request('PUT', `/api/products/${tee.body.id}`, {
      token: admin.token,
      body: {
        name: 'Rebuilt Tee',
        description,
        image,
        category: 'Tops',
        options,
        variants: [...variants, { sku: 'RB-O-SM', options: { Colour: 'Olive', Size: 'SM' }, price: 3100 }],
      },
    });
    const leggings = await t.request<Product>('POST', '/api/products', {
      token: admin.token,
      body: aProductInput({ sizes: ['SM', 'MD'], stockBySize: { SM: 4, MD: 1 } }),
    });
    const system = { actor: 'system' };
    const leggingsId = leggings.body.id;
    await reserveProductStock(
      t.deps,
      { size: 'MD', productId: leggingsId, orderId: 'o1', qty: 1, at: at() },
      system,
    );
    await reserveProductStock(
      t.deps,
      { size: 'SM', productId: leggingsId, orderId: 'o2', qty: 3, at: at() },
      system,
    );
    await releaseProductStock(
      t.deps,
      { productId: leggingsId, orderId: 'o2', qty: 1, reason: 'cancelled', at: at() },
      system,
    );
    // A product from the first log (one count, schema version 1), then edited before options (version 2).
    const old = {
      productId: 'old-tee',
      name: 'Old Tee',
      description: 'From before options.',
      category: 'Tops',
      price: 1_500_00,
      originalPrice: null,
      image: '/images/old.webp',
      thumbnail: '/images/old.webp',
      sizes: ['MD', 'LG'],
      isFeatured: false,
      countInStock: 6,
      at: at(),
    };
    await t.deps.store.append(streams.product('old-tee'), [
      { type: 'ProductCreated', data: old, metadata: { schemaVersion: 1 } },
      {
        type: 'ProductUpdated',
        data: { ...old, countInStock: 5, stockBySize: { MD: 2, LG: 3 } },
        metadata: { schemaVersion: 2 },
      },
    ]);
    await reserveProductStock(
      t.deps,
      { size: 'LG', productId: 'old-tee', orderId: 'o3', qty: 1, at: at() },
      system,
    );
    await t.deps.projections.waitForPosition(await t.deps.store.headPosition(), 5_000);
    const live = rowsOf(t.deps.readModels);

    const shownOld = await t.request<Product>('GET', '/api/products/old-tee');
    expect(shownOld.body).toMatchObject({
      options: [{ name: 'Size', values: ['MD', 'LG'] }],
      variants: [
        { id: 'old-tee-MD', sku: null, options: { Size: 'MD' }, price: 1500, stock: 2 },
        { id: 'old-tee-LG', sku: null, options: { Size: 'LG' }, price: 1500, stock: 2 },
      ],
      stockBySize: { MD: 2, LG: 2 },
      countInStock: 4,
    });
    const shownLeggings = await t.request<Product>('GET', `/api/products/${leggingsId}`);
    expect(shownLeggings.body.variants.map((variant) => variant.stock)).toEqual([2, 0]);
    const shownTee = await t.request<Product>('GET', `/api/products/${tee.body.id}`);
    expect(shownTee.body.variants.map((variant) => [variant.sku, variant.stock])).toEqual([
      ['RB-B-SM', 3],
      ['RB-O-MD', 2],
      ['RB-O-SM', 0],
    ]);

    const result = await t.deps.projections.rebuild(['catalogue']);
    expect(result.rebuilt).toEqual(['catalogue']);
    expect(rowsOf(t.deps.readModels)).toEqual(live);
  });
});
