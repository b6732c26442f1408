import { streams } from '@shop/contracts';
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
});
