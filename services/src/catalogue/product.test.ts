import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolveProduct, foldProduct, initialProductState, type ProductEvent } from './product';
import { aProductCreated } from './test-builders';

const at = '2024-05-02T09:00:00.000Z';
const orderId = fc.constantFrom('o1', 'o2', 'o3', 'o4');
const qty = fc.integer({ min: 1, max: 4 });

const anEvent: fc.Arbitrary<ProductEvent> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ orderId, qty }).map((d) => stock('StockReserved', d)) },
  { weight: 4, arbitrary: fc.record({ orderId, qty }).map((d) => stock('StockReleased', d)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 20 }).map((n) => aProductUpdatedWith(n)) },
  {
    weight: 1,
    arbitrary: fc.constant<ProductEvent>({ type: 'ProductDeleted', data: { productId: 'p1', at } }),
  },
);

function stock(type: 'StockReserved', data: { orderId: string; qty: number }): ProductEvent;
function stock(type: 'StockReleased', data: { orderId: string; qty: number }): ProductEvent;
function stock(
  type: 'StockReserved' | 'StockReleased',
  data: { orderId: string; qty: number },
): ProductEvent {
  return type === 'StockReserved'
    ? { type, data: { productId: 'p1', ...data, at } }
    : { type, data: { productId: 'p1', ...data, reason: 'cancelled', at } };
}

function aProductUpdatedWith(countInStock: number): ProductEvent {
  const { data } = aProductCreated({ countInStock });
  return { type: 'ProductUpdated', data: { ...data, at } };
}

describe('foldProduct', () => {
  it('folds a history exactly as evolving event by event does, leaving the state it started from as it was', () => {
    fc.assert(
      fc.property(
        fc.array(anEvent, { maxLength: 30 }),
        fc.array(anEvent, { maxLength: 30 }),
        fc.boolean(),
        (before, after, created) => {
          const start = [...(created ? [aProductCreated() as ProductEvent] : []), ...before].reduce(
            evolveProduct,
            initialProductState(),
          );
          const snapshot = structuredClone(start);
          expect(foldProduct(start, after)).toEqual(after.reduce(evolveProduct, start));
          expect(start).toEqual(snapshot);
        },
      ),
      { numRuns: 300 },
    );
  });
});
