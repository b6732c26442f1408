import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolveProduct, holdKey, initialProductState, type ProductEvent } from './product';
import { Reservations } from './reservations';
import { aProductCreated } from './test-builders';

const at = '2024-05-02T09:00:00.000Z';
const orderId = fc.oneof(fc.constantFrom('o1', 'o2', 'o3', 'o4'), fc.uuid());
const qty = fc.integer({ min: 1, max: 4 });

function stock(
  type: 'StockReserved' | 'StockReleased',
  data: { orderId: string; qty: number },
): ProductEvent {
  return type === 'StockReserved'
    ? { type, data: { productId: 'p1', size: 'SM', ...data, at } }
    : { type, data: { productId: 'p1', size: 'SM', ...data, reason: 'cancelled', at } };
}

describe('Reservations', () => {
  it('answers what a plain map of units per order would, and every earlier value stays as it was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ orderId, qty: fc.integer({ min: -5, max: 5 }) }), { maxLength: 60 }),
        (changes) => {
          const model = new Map<string, number>();
          const versions: [Reservations, Map<string, number>][] = [[Reservations.none, new Map()]];
          let reservations = Reservations.none;
          for (const change of changes) {
            reservations = reservations.holding(change.orderId, change.qty);
            const left = (model.get(change.orderId) ?? 0) + change.qty;
            if (left > 0) model.set(change.orderId, left);
            else model.delete(change.orderId);
            versions.push([reservations, new Map(model)]);
          }
          for (const [version, expected] of versions) {
            expect(new Map(version.entries())).toEqual(expected);
            expect(version.size).toBe(expected.size);
            for (const { orderId: id } of changes) expect(version.get(id)).toBe(expected.get(id));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('evolveProduct', () => {
  it('counts stock and what each order holds, and leaves the state it started from as it was', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom('StockReserved' as const, 'StockReleased' as const),
            orderId,
            qty,
          }),
          { maxLength: 40 },
        ),
        (moves) => {
          const created = evolveProduct(initialProductState(), aProductCreated({ countInStock: 100 }));
          let state = created;
          const held = new Map<string, number>();
          let count = 100;
          for (const move of moves) {
            const before = state;
            const snapshot = structuredClone(before);
            state = evolveProduct(state, stock(move.type, move));
            expect(before).toEqual(snapshot);
            const change = move.type === 'StockReserved' ? move.qty : -move.qty;
            count -= change;
            const left = (held.get(move.orderId) ?? 0) + change;
            if (left > 0) held.set(move.orderId, left);
            else held.delete(move.orderId);
          }
          if (state.status === 'absent') throw new Error('created above');
          expect(state.countInStock).toBe(count);
          expect(new Map(state.reservations.entries())).toEqual(
            new Map([...held].map(([id, units]) => [holdKey(id, 'SM'), units])),
          );
          expect(state.stockBySize).toEqual({ SM: count, MD: 0, LG: 0 });
        },
      ),
      { numRuns: 200 },
    );
  });
});
