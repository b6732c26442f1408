import { type EventData, type StockBySize, sumStock } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { DeciderSpec } from '../../test-support/decider-spec';
import { type ProductCommand, productDecider } from './decide';
import type { ProductEvent, ProductState } from './product';
import { aProductCreated, aProductDetails } from './test-builders';

const at = '2024-05-02T09:00:00.000Z';

const spec = DeciderSpec.for(productDecider);

/** A check for thenThrows: refused with this status and code (and a message like this one). */
const refused = (status: number, code: string, message?: string | RegExp) => (refusal: AppError) => {
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({ status, code });
  if (message !== undefined) expect(refusal.message).toMatch(message);
};

type MovedSize = EventData<'StockReserved'>['size'];
const reserved = (orderId: string, qty: number, size: MovedSize = ''): ProductEvent => ({
  type: 'StockReserved',
  data: { productId: 'p1', orderId, size, qty, at },
});
const released = (orderId: string, qty: number, size: MovedSize = ''): ProductEvent => ({
  type: 'StockReleased',
  data: { productId: 'p1', orderId, size, qty, reason: 'cancelled', at },
});
/** A product without sizes: one count. */
const plain = (overrides: Parameters<typeof aProductCreated>[0] = {}) =>
  aProductCreated({ sizes: [], ...overrides });
/** Leggings in SM, MD and LG. */
const sized = (stockBySize: StockBySize) =>
  aProductCreated({ sizes: ['SM', 'MD', 'LG'], stockBySize, countInStock: sumStock(stockBySize) });
const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', at } };
const stockOf = (state: ProductState) => (state.status === 'absent' ? undefined : state.countInStock);
const sizesOf = (state: ProductState) => (state.status === 'absent' ? undefined : state.stockBySize);

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
          data: { productId: 'p1', ...aProductDetails(), countInStock: 5, stockBySize, at },
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
          data: { productId: 'p1', ...details, countInStock: 7, stockBySize: {}, at },
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
          data: { productId: 'p1', ...details, countInStock: 4, stockBySize: { LG: 0, SM: 4 }, at },
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
      data: { productId: 'p1', ...details, countInStock: 24, stockBySize, at },
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

describe('reserving and releasing stock per size', () => {
  const reserve = (orderId: string, size: string, qty: number): ProductCommand => ({
    type: 'ReserveStock',
    productId: 'p1',
    orderId,
    size,
    qty,
    at,
  });
  const release = (orderId: string, qty: number, size?: string): ProductCommand => ({
    type: 'ReleaseStock',
    productId: 'p1',
    orderId,
    ...(size === undefined ? {} : { size }),
    qty,
    reason: 'cancelled',
    at,
  });

  it('takes the units of the size ordered and leaves the other sizes as they were', () => {
    const history = spec.given(sized({ SM: 1, MD: 5, LG: 0 }));
    history.when(reserve('o1', 'SM', 1)).thenEvents([reserved('o1', 1, 'SM')]);
    const after = spec.given(sized({ SM: 1, MD: 5, LG: 0 }), reserved('o1', 1, 'SM'));
    expect([stockOf(after.state), sizesOf(after.state)]).toEqual([5, { SM: 0, MD: 5, LG: 0 }]);
  });

  it('refuses a size that ran out with 409 OUT_OF_STOCK naming the product and the size', () => {
    spec
      .given(sized({ SM: 1, MD: 5, LG: 0 }), reserved('o1', 1, 'SM'))
      .when(reserve('o2', 'SM', 1))
      .thenThrows(refused(409, 'OUT_OF_STOCK', '"Flex Leggings" in size SM is out of stock.'));
    spec
      .given(sized({ SM: 1, MD: 5, LG: 0 }))
      .when(reserve('o2', 'MD', 6))
      .thenThrows(refused(409, 'OUT_OF_STOCK', 'Only 5 of "Flex Leggings" in size MD left in stock.'));
  });

  it('refuses a size the product does not offer, and a line without a size', () => {
    spec
      .given(sized({ SM: 1, MD: 5, LG: 0 }))
      .when(reserve('o1', 'XL', 1))
      .thenThrows(refused(409, 'CONFLICT', 'Size XL is not available for "Flex Leggings".'));
    spec
      .given(sized({ SM: 1, MD: 5, LG: 0 }))
      .when(reserve('o1', '', 1))
      .thenThrows(refused(409, 'CONFLICT', 'Please choose a size for "Flex Leggings".'));
  });

  it('holds each size of one order apart: a retry of one size changes nothing', () => {
    const history = spec.given(sized({ SM: 3, MD: 3, LG: 0 }), reserved('o1', 2, 'SM'));
    history.when(reserve('o1', 'SM', 2)).thenEvents([]);
    history.when(reserve('o1', 'MD', 1)).thenEvents([reserved('o1', 1, 'MD')]);
    history
      .when(reserve('o1', 'SM', 1))
      .thenThrows(refused(409, 'CONFLICT', /holds 2 of "Flex Leggings" in size SM/));
  });

  it('gives back the size named first, then the order’s other sizes, never more than it holds', () => {
    const history = spec.given(
      sized({ SM: 3, MD: 3, LG: 3 }),
      reserved('o1', 2, 'SM'),
      reserved('o1', 1, 'LG'),
    );
    history.when(release('o1', 1, 'LG')).thenEvents([released('o1', 1, 'LG')]);
    history.when(release('o1', 2, 'LG')).thenEvents([released('o1', 1, 'LG'), released('o1', 1, 'SM')]);
    history.when(release('o1', 9)).thenEvents([released('o1', 2, 'SM'), released('o1', 1, 'LG')]);
    history.when(release('o2', 9)).thenEvents([]);
    const after = spec.given(
      sized({ SM: 3, MD: 3, LG: 3 }),
      reserved('o1', 2, 'SM'),
      reserved('o1', 1, 'LG'),
      released('o1', 1, 'LG'),
    );
    expect([stockOf(after.state), sizesOf(after.state)]).toEqual([7, { SM: 1, MD: 3, LG: 3 }]);
  });

  it('moves only the hold for a size the product no longer offers', () => {
    const updated: ProductEvent = {
      type: 'ProductUpdated',
      data: {
        productId: 'p1',
        ...aProductDetails({ sizes: ['MD'] }),
        countInStock: 4,
        stockBySize: { MD: 4 },
        at,
      },
    };
    const history = spec.given(sized({ SM: 3, MD: 3, LG: 0 }), reserved('o1', 2, 'SM'), updated);
    history.when(release('o1', 2, 'SM')).thenEvents([released('o1', 2, 'SM')]);
    const after = spec.given(
      sized({ SM: 3, MD: 3, LG: 0 }),
      reserved('o1', 2, 'SM'),
      updated,
      released('o1', 2, 'SM'),
    );
    expect([stockOf(after.state), sizesOf(after.state)]).toEqual([4, { MD: 4 }]);
    expect(after.state.status === 'absent' ? [] : [...after.state.reservations.entries()]).toEqual([]);
  });

  it('counts a movement from before stock per size (no size) against the first size', () => {
    const legacy = spec.given(sized({ SM: 4, MD: 0, LG: 0 }), reserved('o1', 3, null));
    expect([stockOf(legacy.state), sizesOf(legacy.state)]).toEqual([1, { SM: 1, MD: 0, LG: 0 }]);
    legacy.when(release('o1', 3, 'MD')).thenEvents([released('o1', 3, 'SM')]);
    const back = spec.given(sized({ SM: 4, MD: 0, LG: 0 }), reserved('o1', 3, null), released('o1', 3, null));
    expect(sizesOf(back.state)).toEqual({ SM: 4, MD: 0, LG: 0 });
  });

  it('counts an old movement of a product without sizes against its one count', () => {
    const { state } = spec.given(plain({ countInStock: 5 }), reserved('o1', 2, null));
    expect([stockOf(state), sizesOf(state)]).toEqual([3, {}]);
    spec
      .given(plain({ countInStock: 5 }), reserved('o1', 2, null))
      .when(release('o1', 2))
      .thenEvents([released('o1', 2, '')]);
  });

  it('moves only the hold of a sizeless reservation once the product has sizes', () => {
    const updated: ProductEvent = {
      type: 'ProductUpdated',
      data: {
        productId: 'p1',
        ...aProductDetails({ sizes: ['SM'] }),
        countInStock: 6,
        stockBySize: { SM: 6 },
        at,
      },
    };
    const { state } = spec.given(plain({ countInStock: 5 }), reserved('o1', 2), updated, released('o1', 2));
    expect([stockOf(state), sizesOf(state)]).toEqual([6, { SM: 6 }]);
    expect(state.status === 'absent' ? undefined : state.reservations.size).toBe(0);
  });

  it('ignores stock movements and deletion of a product that never existed', () => {
    expect(spec.given(reserved('o1', 1, 'SM'), released('o1', 1, 'SM'), deleted).state).toEqual({
      status: 'absent',
    });
  });
});
