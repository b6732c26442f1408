import { join } from 'node:path';
import { type Product, streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';
import { prepareShop } from '../../startup';
import { it } from '../../test-support/shop-test';
import { openTestShop, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { seedDemoCatalogue } from './demo-seed';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

describe('the demo catalogue', () => {
  it('fills a fresh shop at start-up with a catalogue worth browsing', async () => {
    await prepareShop(t.deps, loadConfig({ SEED_DEMO: 'true' }));

    const { body: products } = await t.request<Product[]>('GET', '/api/products');
    expect(products.length).toBeGreaterThanOrEqual(30);
    const categories = new Set(products.map((p) => p.category));
    expect([...categories]).toEqual(
      expect.arrayContaining(['Leggings', 'Sports Bras', 'Tops', 'Hoodies', 'Shorts', 'Accessories']),
    );
    expect(products.some((p) => p.countInStock === 0)).toBe(true);
    expect(products.some((p) => p.countInStock > 0 && p.countInStock < 10)).toBe(true);
    expect(products.some((p) => p.isFeatured)).toBe(true);
    expect(products.some((p) => p.originalPrice !== null && p.originalPrice > p.price)).toBe(true);
    expect(products.some((p) => p.price < 50)).toBe(true);
    expect(products.filter((p) => p.price >= 1000).length).toBeGreaterThan(products.length / 2);
    expect(products.every((p) => p.price <= 10_000)).toBe(true);
    expect(products.some((p) => p.sizes.length > 0) && products.some((p) => p.sizes.length === 0)).toBe(true);
    for (const product of products) {
      expect(product.description.length, product.name).toBeGreaterThan(60);
      for (const path of [product.image, product.thumbnail]) {
        const image = await t.request('GET', path);
        expect(image.status, path).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
      }
    }
    const newest = await t.request<{ products: Product[] }>('GET', '/api/catalogue?sort=newest&limit=1');
    expect(newest.body.products[0]?.id).toBe(products.at(-1)?.id);
  });

  it('goes through the product commands as system, so the log holds ordinary events', async () => {
    await seedDemoCatalogue(t.deps);
    const events = (await t.deps.store.readAll()).filter(
      (e) => e.streamName !== streams.demoCatalogueClaim(),
    );
    expect(events.every((e) => e.type === 'ProductCreated' && e.metadata.actor === 'system')).toBe(true);
  });

  it('is seeded once by several instances starting together on one empty store', async () => {
    const log = join(t.dataDir, 'shared-events.sqlite');
    const instances = await Promise.all(
      [1, 2, 3].map(() => openTestShop({ openStore: () => openSqliteEventStore({ path: log }) })),
    );
    try {
      const created = await Promise.all(instances.map((instance) => seedDemoCatalogue(instance.deps)));
      expect(created.filter((count) => count > 0)).toHaveLength(1);
      const events = await instances[0]!.deps.store.readAll();
      const productIds = events.filter((e) => e.type === 'ProductCreated').map((e) => e.streamName);
      expect(new Set(productIds).size).toBe(productIds.length);
      expect(productIds).toHaveLength(Math.max(...created));
      for (const instance of instances) {
        await instance.deps.projections.waitForPosition(await instance.deps.store.headPosition(), 5_000);
        const { body } = await instance.request<Product[]>('GET', '/api/products');
        expect(body).toHaveLength(productIds.length);
      }
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('takes over a claim whose seed died before creating anything', async () => {
    await t.deps.store.append(streams.demoCatalogueClaim(), [
      {
        type: 'ValueClaimed',
        data: { value: 'demo-catalogue', ownerId: 'crashed', at: t.clock.now().toISOString() },
      },
    ]);
    expect(await seedDemoCatalogue(t.deps)).toBe(0);
    t.clock.advance(10 * 60_000);
    expect(await seedDemoCatalogue(t.deps)).toBeGreaterThanOrEqual(30);
  });

  it('leaves alone a shop that has had products, even if all were deleted, and skips when told to', async () => {
    expect(await seedDemoCatalogue(t.deps)).toBeGreaterThanOrEqual(30);
    expect(await seedDemoCatalogue(t.deps)).toBe(0);

    const other = await openTestShop();
    try {
      await prepareShop(other.deps, loadConfig({ SEED_DEMO: 'false' }));
      expect((await other.request<Product[]>('GET', '/api/products')).body).toEqual([]);
      const admin = await signInAdmin(other);
      const created = await other.request<Product>('POST', '/api/products', {
        token: admin.token,
        body: {
          name: 'Only One',
          description: 'x',
          category: 'Tops',
          price: 10,
          image: '/images/muscle-tank.webp',
          countInStock: 1,
        },
      });
      await other.request('DELETE', `/api/products/${created.body.id}`, { token: admin.token });
      expect(await seedDemoCatalogue(other.deps)).toBe(0);
      expect((await other.request<Product[]>('GET', '/api/products')).body).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
