import { describe, expect, it } from 'vitest';
import type { ProductCommand } from './decide';
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
import { aProductDetails, withSizeVariants } from './test-builders';

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
      data: withSizeVariants({
        productId: 'p1',
        ...aProductDetails({ sizes: ['MD'] }),
        countInStock: 4,
        stockBySize: { MD: 4 },
        at,
      }),
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
      data: withSizeVariants({
        productId: 'p1',
        ...aProductDetails({ sizes: ['SM'] }),
        countInStock: 6,
        stockBySize: { SM: 6 },
        at,
      }),
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
