import type { Product } from '@shop/contracts';
import { streams } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { handleCommand } from '../../platform/commands/handle-command';
import { AppError } from '../../platform/errors';
import { it } from '../../test-support/shop-test';
import type { TestShop } from '../../test-support/test-shop';
import { productDecider } from './decide';
import { releaseProductStock, reserveProductStock } from './stock';
import { listProduct } from './test-builders';

let t: TestShop;
it.beforeEach(({ shop }) => {
  t = shop;
});

const at = '2024-05-02T09:00:00.000Z';
const system = { actor: 'system' };
const stockShown = async (id: string) =>
  (await t.request<Product>('GET', `/api/products/${id}`)).body.countInStock;

describe('reserving stock on the real store', () => {
  it('takes and gives back units, the catalogue following at once', async () => {
    await listProduct(t.deps, 'p1', { countInStock: 5 });
    expect(
      await reserveProductStock(t.deps, { size: 'SM', productId: 'p1', orderId: 'o1', qty: 3, at }, system),
    ).toEqual({
      countInStock: 2,
    });
    expect(await stockShown('p1')).toBe(2);
    await releaseProductStock(
      t.deps,
      { productId: 'p1', orderId: 'o1', qty: 3, at, reason: 'cancelled' },
      system,
    );
    expect(await stockShown('p1')).toBe(5);
    await releaseProductStock(
      t.deps,
      { productId: 'p1', orderId: 'o1', qty: 3, at, reason: 'cancelled' },
      system,
    );
    expect(await stockShown('p1')).toBe(5);
  });

  it('lets exactly as many racing orders win as there are units, never going below zero', async () => {
    await listProduct(t.deps, 'p1', { name: 'Last Few Leggings', countInStock: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        reserveProductStock(t.deps, { size: 'SM', productId: 'p1', orderId: `o${i}`, qty: 1, at }, system),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(3);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({ status: 409, code: expect.stringMatching(/OUT_OF_STOCK|CONFLICT/) });
    }
    expect(
      lost.some((r) => (r as AppError).message === '"Last Few Leggings" in size SM is out of stock.'),
    ).toBe(true);
    expect(await stockShown('p1')).toBe(0);
    const history = await t.deps.store.readStream(streams.product('p1'));
    expect(history.filter((e) => e.type === 'StockReserved')).toHaveLength(3);
  });

  it('refuses a deleted product and an unknown one', async () => {
    await listProduct(t.deps, 'p1');
    await handleCommand(
      t.deps,
      productDecider,
      streams.product('p1'),
      { type: 'DeleteProduct', productId: 'p1', at },
      system,
    );
    await expect(
      reserveProductStock(t.deps, { size: 'SM', productId: 'p1', orderId: 'o1', qty: 1, at }, system),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      reserveProductStock(t.deps, { size: 'SM', productId: 'nope', orderId: 'o1', qty: 1, at }, system),
    ).rejects.toMatchObject({ status: 404, message: 'Product not found' });
  });
});
