import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { type ProductCommand, productDecider } from './decide';
import type { ProductEvent, ProductState } from './product';
import { aProductCreated, aProductDetails } from './test-builders';

const at = '2024-05-02T09:00:00.000Z';

function given(...events: ProductEvent[]) {
  const state = events.reduce(productDecider.evolve, productDecider.initialState());
  return {
    state,
    when: (command: ProductCommand) => ({
      thenEvents: (expected: ProductEvent[]) =>
        expect(productDecider.decide(command, state)).toEqual(expected),
      thenRefused: (status: number, code: string, message?: string | RegExp) => {
        let refusal: unknown;
        try {
          productDecider.decide(command, state);
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(AppError);
        expect(refusal).toMatchObject({ status, code });
        if (message !== undefined) expect((refusal as AppError).message).toMatch(message);
      },
    }),
  };
}

const reserved = (orderId: string, qty: number): ProductEvent => ({
  type: 'StockReserved',
  data: { productId: 'p1', orderId, qty, at },
});
const released = (orderId: string, qty: number): ProductEvent => ({
  type: 'StockReleased',
  data: { productId: 'p1', orderId, qty, reason: 'cancelled', at },
});
const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', at } };
const stockOf = (state: ProductState) => (state.status === 'absent' ? undefined : state.countInStock);

describe('creating, editing and deleting a product', () => {
  it('creates a product that does not exist yet', () => {
    given()
      .when({ type: 'CreateProduct', productId: 'p1', details: aProductDetails(), countInStock: 5, at })
      .thenEvents([
        { type: 'ProductCreated', data: { productId: 'p1', ...aProductDetails(), countInStock: 5, at } },
      ]);
  });

  it('refuses to create a product twice', () => {
    given(aProductCreated())
      .when({ type: 'CreateProduct', productId: 'p1', details: aProductDetails(), countInStock: 5, at })
      .thenRefused(409, 'CONFLICT');
  });

  it('updates a listed product, the admin stock becoming the absolute count', () => {
    const details = aProductDetails({ price: 3_500_00, isFeatured: true });
    const history = given(aProductCreated({ countInStock: 5 }), reserved('o1', 2));
    expect(stockOf(history.state)).toBe(3);
    history
      .when({ type: 'UpdateProduct', productId: 'p1', details, countInStock: 20, at })
      .thenEvents([{ type: 'ProductUpdated', data: { productId: 'p1', ...details, countInStock: 20, at } }]);
    const after = given(aProductCreated({ countInStock: 5 }), reserved('o1', 2), {
      type: 'ProductUpdated',
      data: { productId: 'p1', ...details, countInStock: 20, at },
    });
    expect(stockOf(after.state)).toBe(20);
  });

  it('answers 404 Product not found when updating or deleting an unknown or deleted product', () => {
    const update: ProductCommand = {
      type: 'UpdateProduct',
      productId: 'p1',
      details: aProductDetails(),
      countInStock: 1,
      at,
    };
    given().when(update).thenRefused(404, 'NOT_FOUND', 'Product not found');
    given(aProductCreated(), deleted).when(update).thenRefused(404, 'NOT_FOUND', 'Product not found');
    given(aProductCreated(), deleted)
      .when({ type: 'DeleteProduct', productId: 'p1', at })
      .thenRefused(404, 'NOT_FOUND', 'Product not found');
  });

  it('deletes a listed product', () => {
    given(aProductCreated()).when({ type: 'DeleteProduct', productId: 'p1', at }).thenEvents([deleted]);
  });
});

describe('reserving and releasing stock', () => {
  const reserve = (orderId: string, qty: number): ProductCommand => ({
    type: 'ReserveStock',
    productId: 'p1',
    orderId,
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
    given(aProductCreated({ countInStock: 5 }))
      .when(reserve('o1', 5))
      .thenEvents([reserved('o1', 5)]);
  });

  it('refuses more units than are left with 409 OUT_OF_STOCK naming the product', () => {
    given(aProductCreated({ countInStock: 5 }), reserved('o1', 3))
      .when(reserve('o2', 3))
      .thenRefused(409, 'OUT_OF_STOCK', 'Only 2 of "Flex Leggings" left in stock.');
    given(aProductCreated({ countInStock: 2 }), reserved('o1', 2))
      .when(reserve('o2', 1))
      .thenRefused(409, 'OUT_OF_STOCK', '"Flex Leggings" is out of stock.');
  });

  it('never lets stock go below zero, whatever sequence of orders arrives', () => {
    let state = given(aProductCreated({ countInStock: 7 })).state;
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
    given(aProductCreated(), deleted)
      .when(reserve('o1', 1))
      .thenRefused(409, 'CONFLICT', '"Flex Leggings" is no longer available.');
    given().when(reserve('o1', 1)).thenRefused(404, 'NOT_FOUND', 'Product not found');
  });

  it('treats a repeated reservation for the same order and quantity as already done', () => {
    given(aProductCreated(), reserved('o1', 2)).when(reserve('o1', 2)).thenEvents([]);
    given(aProductCreated(), reserved('o1', 2)).when(reserve('o1', 3)).thenRefused(409, 'CONFLICT');
  });

  it('refuses a quantity below one', () => {
    given(aProductCreated()).when(reserve('o1', 0)).thenRefused(400, 'VALIDATION_FAILED');
  });

  it('releases what an order holds, also after the product was deleted', () => {
    given(aProductCreated({ countInStock: 5 }), reserved('o1', 2))
      .when(release('o1', 2))
      .thenEvents([released('o1', 2)]);
    given(aProductCreated({ countInStock: 5 }), reserved('o1', 2), deleted)
      .when(release('o1', 2))
      .thenEvents([released('o1', 2)]);
  });

  it('never releases more than the order holds, and nothing twice', () => {
    given(aProductCreated(), reserved('o1', 2))
      .when(release('o1', 5))
      .thenEvents([released('o1', 2)]);
    given(aProductCreated(), reserved('o1', 2), released('o1', 2)).when(release('o1', 2)).thenEvents([]);
    given(aProductCreated()).when(release('o9', 1)).thenEvents([]);
  });

  it('counts stock as the set count minus reservations plus releases', () => {
    const { state } = given(
      aProductCreated({ countInStock: 10 }),
      reserved('o1', 3),
      reserved('o2', 4),
      released('o1', 3),
    );
    expect(stockOf(state)).toBe(6);
    expect(state.status === 'absent' ? [] : [...state.reservations.entries()]).toEqual([['o2', 4]]);
  });
});
