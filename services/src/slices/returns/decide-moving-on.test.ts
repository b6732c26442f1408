import { RETURN_STATUSES, RETURN_TRANSITIONS, type ReturnStatus } from '@shop/contracts';
import { aReturnRequested } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { returnDecider } from './decide';
import { at, decide, earlier, errorOf } from './decide-test-kit';
import { discountByLine, refundForUnits } from './refund';
import { type ReturnEvent, type ReturnState, returnIdOf } from './return';

describe('moving a return on', () => {
  // Built inside each test: a mutant that breaks asking must fail a test, not the file's collection.
  const requestedReturn = () =>
    earlier('Requested', [
      { orderItemId: 'tee', qty: 1 },
      { orderItemId: 'cap', qty: 1 },
    ]);
  const move = (to: ReturnStatus, state: ReturnState) =>
    decide({ type: 'ChangeReturnStatus', data: { returnId: 'o1-1', to, by: 'admin', at } }, state);
  const decision = { returnId: 'o1-1', orderId: 'o1', userId: 'u1', by: 'admin', at };

  it('follows Requested -> Approved | Rejected, Approved -> Received, Received -> Refunded; the rest is 409', () => {
    const requested = requestedReturn();
    for (const from of RETURN_STATUSES) {
      const state: ReturnState = requested.status === 'Absent' ? requested : { ...requested, status: from };
      for (const to of RETURN_STATUSES) {
        if (RETURN_TRANSITIONS[from].includes(to)) {
          expect(move(to, state)[0]?.type).toBe(`Return${to}`);
        } else {
          const error = errorOf(() => move(to, state));
          expect([error.status, error.message]).toEqual([
            409,
            from === to
              ? `This return is already ${to}.`
              : `A return that is ${from} cannot be marked ${to}.`,
          ]);
        }
      }
    }
  });

  it('records who and when; Received carries the units going back, Refunded the amount and lines', () => {
    const requested = requestedReturn();
    const at = (status: ReturnStatus): ReturnState =>
      requested.status === 'Absent' ? requested : { ...requested, status };
    expect(move('Approved', requested)).toEqual([{ type: 'ReturnApproved', data: decision }]);
    expect(move('Rejected', requested)).toEqual([{ type: 'ReturnRejected', data: decision }]);
    expect(move('Received', at('Approved'))).toEqual([
      {
        type: 'ReturnReceived',
        data: {
          ...decision,
          items: [
            { orderItemId: 'tee', productId: 'p1', size: 'MD', qty: 1 },
            { orderItemId: 'cap', productId: 'p2', size: 'MD', qty: 1 },
          ],
        },
      },
    ]);
    expect(move('Refunded', at('Received'))).toEqual([
      {
        type: 'ReturnRefunded',
        data: {
          ...decision,
          amount: 5_225,
          items: [
            { orderItemId: 'tee', productId: 'p1', category: 'Shirts', qty: 1, refund: 3_800 },
            { orderItemId: 'cap', productId: 'p2', category: 'Caps', qty: 1, refund: 1_425 },
          ],
        },
      },
    ]);
  });

  it('is 404 for a return that does not exist', () => {
    const error = errorOf(() => move('Approved', { status: 'Absent' }));
    expect([error.status, error.message]).toEqual([404, 'Return not found']);
  });

  it("starts from no return, and numbers an order's returns from 1", () => {
    expect(returnDecider.initialState()).toEqual({ status: 'Absent' });
    expect([returnIdOf('o1', 1), returnIdOf('o1', 12)]).toEqual(['o1-1', 'o1-12']);
  });

  it('folds each step into the status, and ignores a step of a return that was never asked for', () => {
    const data = aReturnRequested();
    const steps: ReturnEvent[] = [
      { type: 'ReturnRequested', data },
      { type: 'ReturnApproved', data: decision },
      { type: 'ReturnReceived', data: { ...decision, items: [] } },
      { type: 'ReturnRefunded', data: { ...decision, amount: 4_000, items: [] } },
    ];
    const statuses: string[] = [];
    steps.reduce<ReturnState>((state, event) => {
      const next = returnDecider.evolve(state, event);
      statuses.push(next.status);
      return next;
    }, returnDecider.initialState());
    expect(statuses).toEqual(['Requested', 'Approved', 'Received', 'Refunded']);
    expect(returnDecider.evolve({ status: 'Absent' }, { type: 'ReturnRejected', data: decision })).toEqual({
      status: 'Absent',
    });
    expect(
      returnDecider.evolve(returnDecider.evolve({ status: 'Absent' }, steps[0]!), {
        type: 'ReturnRejected',
        data: decision,
      }),
    ).toEqual({
      status: 'Rejected',
      returnId: 'o1-1',
      orderId: 'o1',
      userId: 'u1',
      items: data.items,
      amount: 4_000,
    });
  });
});

describe('the refund of units', () => {
  it("shares the order's discount over its lines by value, adding up exactly", () => {
    const lines = [
      { lineId: 'a', unitPrice: 1_000, qty: 1 },
      { lineId: 'b', unitPrice: 1_000, qty: 1 },
      { lineId: 'c', unitPrice: 1_000, qty: 1 },
    ];
    expect(discountByLine({ lines, discount: 100 })).toEqual(
      new Map([
        ['a', 34],
        ['b', 33],
        ['c', 33],
      ]),
    );
    expect(discountByLine({ lines, discount: 0 })).toEqual(
      new Map([
        ['a', 0],
        ['b', 0],
        ['c', 0],
      ]),
    );
  });

  it('takes off the share of the units returned, counted over the units returned so far', () => {
    const line = { unitPrice: 1_000, qty: 3 };
    expect(refundForUnits(line, 100, 0, 3)).toBe(2_900);
    // 33, 34, 33 of the 100: rounding is on the running count, so the parts add up to the whole.
    expect([
      refundForUnits(line, 100, 0, 1),
      refundForUnits(line, 100, 1, 1),
      refundForUnits(line, 100, 2, 1),
    ]).toEqual([967, 966, 967]);
    expect(refundForUnits(line, 0, 1, 2)).toBe(2_000);
  });
});
