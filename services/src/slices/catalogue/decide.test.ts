import { describe, expect, it } from 'vitest';
import { type ProductCommand, productDecider } from './decide';
import {
  at,
  deleted,
  plain,
  refused,
  released,
  reserved,
  sized,
  sizesOf,
  spec,
  stockOf,
} from './decide-test-kit';
import type { ProductEvent } from './product';
import { aProductCreated, aProductDetails, withSizeVariants } from './test-builders';

describe('creating, editing and deleting a product', () => {
  it('creates a product that does not exist yet, its stock the sum of its sizes whatever count was sent', () => {
    const stockBySize = { SM: 2, MD: 3, LG: 0 };
    spec
      .given()
      .when({
        type: 'CreateProduct',
        productId: 'p1',
        details: aProductDetails(),
        countInStock: 99,
        stockBySize,
        at,
      })
      .thenEvents([
        {
          type: 'ProductCreated',
          data: withSizeVariants({ productId: 'p1', ...aProductDetails(), countInStock: 5, stockBySize, at }),
        },
      ]);
  });

  it('keeps one count and no sizes for a product without sizes', () => {
    const details = aProductDetails({ sizes: [] });
    spec
      .given()
      .when({ type: 'CreateProduct', productId: 'p1', details, countInStock: 7, stockBySize: { SM: 3 }, at })
      .thenEvents([
        {
          type: 'ProductCreated',
          data: withSizeVariants({ productId: 'p1', ...details, countInStock: 7, stockBySize: {}, at }),
        },
      ]);
  });

  it('keeps the sizes in their order and counts a size without a count as none', () => {
    const details = aProductDetails({ sizes: ['LG', 'SM'] });
    spec
      .given()
      .when({ type: 'CreateProduct', productId: 'p1', details, stockBySize: { SM: 4 }, at })
      .thenEvents([
        {
          type: 'ProductCreated',
          data: withSizeVariants({
            productId: 'p1',
            ...details,
            countInStock: 4,
            stockBySize: { LG: 0, SM: 4 },
            at,
          }),
        },
      ]);
  });

  it('refuses to create a product twice', () => {
    spec
      .given(aProductCreated())
      .when({ type: 'CreateProduct', productId: 'p1', details: aProductDetails(), countInStock: 5, at })
      .thenThrows(refused(409, 'CONFLICT'));
  });

  it('updates a listed product, the admin stock becoming the absolute count', () => {
    const details = aProductDetails({ price: 3_500_00, isFeatured: true });
    const history = spec.given(sized({ SM: 5, MD: 1, LG: 0 }), reserved('o1', 2, 'SM'));
    expect([stockOf(history.state), sizesOf(history.state)]).toEqual([4, { SM: 3, MD: 1, LG: 0 }]);
    const stockBySize = { SM: 20, MD: 0, LG: 4 };
    const updated: ProductEvent = {
      type: 'ProductUpdated',
      data: withSizeVariants({ productId: 'p1', ...details, countInStock: 24, stockBySize, at }),
    };
    history.when({ type: 'UpdateProduct', productId: 'p1', details, stockBySize, at }).thenEvents([updated]);
    const after = spec.given(sized({ SM: 5, MD: 1, LG: 0 }), reserved('o1', 2, 'SM'), updated);
    expect([stockOf(after.state), sizesOf(after.state)]).toEqual([24, stockBySize]);
  });

  it('answers 404 Product not found when updating or deleting an unknown or deleted product', () => {
    const update: ProductCommand = {
      type: 'UpdateProduct',
      productId: 'p1',
      details: aProductDetails(),
      countInStock: 1,
      at,
    };
    spec
      .given()
      .when(update)
      .thenThrows(refused(404, 'NOT_FOUND', 'Product not found'));
    spec
      .given(aProductCreated(), deleted)
      .when(update)
      .thenThrows(refused(404, 'NOT_FOUND', 'Product not found'));
    spec
      .given(aProductCreated(), deleted)
      .when({ type: 'DeleteProduct', productId: 'p1', at })
      .thenThrows(refused(404, 'NOT_FOUND', 'Product not found'));
  });

  it('deletes a listed product', () => {
    spec.given(aProductCreated()).when({ type: 'DeleteProduct', productId: 'p1', at }).thenEvents([deleted]);
  });
});

describe('reserving and releasing stock of a product without sizes', () => {
  const reserve = (orderId: string, qty: number): ProductCommand => ({
    type: 'ReserveStock',
    productId: 'p1',
    orderId,
    size: '',
    qty,
    at,
  });
  const release = (orderId: string, qty: number): ProductCommand => ({
    type: 'ReleaseStock',
    productId: 'p1',
    orderId,
    qty,
    reason: 'cancelled',
    at,
  });

  it('reserves units that are in stock', () => {
    spec
      .given(plain({ countInStock: 5 }))
      .when(reserve('o1', 5))
      .thenEvents([reserved('o1', 5)]);
  });

  it('refuses more units than are left with 409 OUT_OF_STOCK naming the product', () => {
    spec
      .given(plain({ countInStock: 5 }), reserved('o1', 3))
      .when(reserve('o2', 3))
      .thenThrows(refused(409, 'OUT_OF_STOCK', 'Only 2 of "Flex Leggings" left in stock.'));
    spec
      .given(plain({ countInStock: 2 }), reserved('o1', 2))
      .when(reserve('o2', 1))
      .thenThrows(refused(409, 'OUT_OF_STOCK', '"Flex Leggings" is out of stock.'));
  });

  it('never lets stock go below zero, whatever sequence of orders arrives', () => {
    let state = spec.given(plain({ countInStock: 7 })).state;
    for (let i = 0; i < 20; i++) {
      try {
        const events = productDecider.decide(reserve(`o${i}`, 1 + (i % 3)), state);
        state = events.reduce(productDecider.evolve, state);
      } catch (error) {
        expect(error).toMatchObject({ code: 'OUT_OF_STOCK' });
      }
      expect(stockOf(state)).toBeGreaterThanOrEqual(0);
    }
    expect(stockOf(state)).toBe(0);
  });

  it('refuses a deleted product and answers 404 for an unknown one', () => {
    spec
      .given(plain(), deleted)
      .when(reserve('o1', 1))
      .thenThrows(refused(409, 'CONFLICT', '"Flex Leggings" is no longer available.'));
    spec
      .given()
      .when(reserve('o1', 1))
      .thenThrows(refused(404, 'NOT_FOUND', 'Product not found'));
  });

  it('treats a repeated reservation for the same order and quantity as already done', () => {
    spec.given(plain(), reserved('o1', 2)).when(reserve('o1', 2)).thenEvents([]);
    spec.given(plain(), reserved('o1', 2)).when(reserve('o1', 3)).thenThrows(refused(409, 'CONFLICT'));
  });

  it('refuses a quantity below one', () => {
    spec.given(plain()).when(reserve('o1', 0)).thenThrows(refused(400, 'VALIDATION_FAILED'));
  });

  it('releases what an order holds, also after the product was deleted', () => {
    spec
      .given(plain({ countInStock: 5 }), reserved('o1', 2))
      .when(release('o1', 2))
      .thenEvents([released('o1', 2)]);
    spec
      .given(plain({ countInStock: 5 }), reserved('o1', 2), deleted)
      .when(release('o1', 2))
      .thenEvents([released('o1', 2)]);
  });

  it('never releases more than the order holds, and nothing twice', () => {
    spec
      .given(plain(), reserved('o1', 2))
      .when(release('o1', 5))
      .thenEvents([released('o1', 2)]);
    spec.given(plain(), reserved('o1', 2), released('o1', 2)).when(release('o1', 2)).thenEvents([]);
    spec.given(plain()).when(release('o9', 1)).thenEvents([]);
  });

  it('counts stock as the set count minus reservations plus releases', () => {
    const { state } = spec.given(
      plain({ countInStock: 10 }),
      reserved('o1', 3),
      reserved('o2', 4),
      released('o1', 3),
    );
    expect(stockOf(state)).toBe(6);
    expect(state.status === 'absent' ? [] : [...state.reservations.entries()]).toEqual([['o2', 4]]);
  });
});
