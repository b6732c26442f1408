import type { Product } from '@shop/contracts';
import { customersProjector, reviewsProjector } from '@shop/projections';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { registerUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { handleChangeRole } from '../accounts/account-commands';
import { deliveredOrderOf } from '../orders/order-test-kit';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const tables = [...customersProjector.tables, ...reviewsProjector.tables];

/** Every row of every table of the two read models, in a stable order. */
function rows(): Record<string, unknown[]> {
  const { sqlite } = t.deps.readModels;
  return Object.fromEntries(
    tables.map((table) => [table, sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()]),
  );
}

describe('rebuilding the customers and reviews read models from the log', () => {
  it('gives the same rows as the live ones', async () => {
    const admin = await signInAdmin(t);
    const a = await registerUser(t, { name: 'Ali', email: 'ali@example.pk' });
    const b = await registerUser(t, { name: 'Bushra', email: 'bushra@example.pk' });
    t.clock.advance(1_000);
    await t.request('PUT', '/api/users/profile', {
      token: a.token,
      body: {
        name: 'Ali Raza',
        email: 'ali.raza@example.pk',
        contact: '',
        currentPassword: a.password,
        password: 'new password 1',
      },
    });
    await handleChangeRole(t.deps, b.id, true, admin.id);
    const created = await t.deps.store.append('product-p1', [
      {
        type: 'ProductCreated',
        data: {
          productId: 'p1',
          name: 'Training Tee',
          description: 'Light and quick-drying.',
          category: 'Tops',
          price: 2_500,
          originalPrice: null,
          image: '/uploads/tee.webp',
          thumbnail: '/uploads/tee-thumb.webp',
          sizes: ['MD'],
          isFeatured: true,
          countInStock: 5,
          stockBySize: { MD: 5 },
          options: [{ name: 'Size', values: ['MD'] }],
          variants: [
            { id: 'p1-MD', sku: null, options: { Size: 'MD' }, price: 2_500, originalPrice: null, stock: 5 },
          ],
          at: t.clock.now().toISOString(),
        },
      },
    ]);
    await t.deps.projections.waitForPosition(created.position, 5_000);
    const p1 = (await t.request<Product>('GET', '/api/products/p1')).body;
    const posted = [];
    for (const [buyer, rating] of [
      [a, 5],
      [b, 2],
      [a, 4],
    ] as const) {
      t.clock.advance(1_000);
      await deliveredOrderOf(t, buyer, p1);
      const token = buyer.token;
      posted.push(
        (
          await t.request('POST', '/api/reviews', {
            token,
            body: { productId: 'p1', rating, comment: `r${rating}` },
          })
        ).body,
      );
    }
    await t.request('DELETE', `/api/reviews/${posted[1]!.id}`, { token: admin.token });

    const live = rows();
    expect(live.customers).toHaveLength(3);
    expect(live.reviews).toHaveLength(2);
    // Spoil the live tables: only a real replay of the log can put them right again.
    t.deps.readModels.sqlite.exec("UPDATE customers SET name = 'spoiled'; DELETE FROM reviews;");

    const result = await t.deps.projections.rebuild([customersProjector.name, reviewsProjector.name]);
    expect(result.rebuilt.sort()).toEqual(['customers', 'reviews']);
    expect(rows()).toEqual(live);
  });
});
