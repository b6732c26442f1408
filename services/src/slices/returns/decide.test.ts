import { RETURN_STATUSES, RETURN_TRANSITIONS, type ReturnStatus } from '@shop/contracts';
import { anOrderPlaced, aReturnRequested } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { evolveOrder, initialOrderState, type OrderEvent, type OrderState } from '../orders/order';
import { type RequestReturn, ReturnNumberTaken, returnDecider, unitsAskedBack } from './decide';
import { discountByLine, refundForUnits } from './refund';
import { type ReturnEvent, type ReturnState, returnIdOf } from './return';

const deliveredAt = '2024-05-03T10:00:00.000Z';
const at = '2024-05-05T10:00:00.000Z';

/** Ayesha's order of 2 tees at 40.00 and 1 cap at 15.00 (9,500 paisa), with a 475 affiliate discount. */
const placed = anOrderPlaced({
  lines: [
    { ...anOrderPlaced().lines[0]!, lineId: 'tee', qty: 2, unitPrice: 4_000 },
    {
      ...anOrderPlaced().lines[0]!,
      lineId: 'cap',
      productId: 'p2',
      name: 'Cap',
      category: 'Caps',
      qty: 1,
      unitPrice: 1_500,
    },
  ],
  itemsPrice: 9_500,
  discount: 475,
});

function orderState(...changes: OrderEvent[]): OrderState {
  return [{ type: 'OrderPlaced', data: placed } as OrderEvent, ...changes].reduce(
    evolveOrder,
    initialOrderState(),
  );
}
const delivered = (when = deliveredAt) =>
  orderState({
    type: 'StatusChanged',
    data: {
      orderId: 'o1',
      from: 'Dispatched',
      to: 'Delivered',
      by: 'admin',
      paid: true,
      delivered: true,
      at: when,
    },
  });

const request = (
  items: { orderItemId: string; qty: number }[],
  overrides: Partial<RequestReturn['data']> = {},
): RequestReturn => ({
  type: 'RequestReturn',
  data: {
    items,
    reason: 'Too small',
    returnId: 'o1-1',
    orderId: 'o1',
    by: 'u1',
    at,
    order: delivered(),
    earlier: [],
    windowDays: 7,
    ...overrides,
  },
});

const decide = (
  command: Parameters<typeof returnDecider.decide>[0],
  state: ReturnState = { status: 'Absent' },
) => returnDecider.decide(command, state);

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

/** A return that was asked for (and moved to `status`) of these units. */
function earlier(status: ReturnStatus, items: { orderItemId: string; qty: number }[]): ReturnState {
  const [event] = decide(request(items));
  const requestedState = returnDecider.evolve({ status: 'Absent' }, event!);
  return requestedState.status === 'Absent' ? requestedState : { ...requestedState, status };
}

describe('asking to return units', () => {
  it('records the lines at the price paid less their share of the discount, the amount their sum', () => {
    // The tees carry 400 of the 475 discount (8,000 of 9,500), the cap 75.
    expect(
      decide(
        request([
          { orderItemId: 'tee', qty: 1 },
          { orderItemId: 'cap', qty: 1 },
        ]),
      ),
    ).toEqual([
      {
        type: 'ReturnRequested',
        data: {
          returnId: 'o1-1',
          orderId: 'o1',
          userId: 'u1',
          items: [
            {
              orderItemId: 'tee',
              productId: 'p1',
              name: 'Running Tee',
              image: '/images/tee.webp',
              category: 'Shirts',
              size: 'MD',
              qty: 1,
              unitPrice: 4_000,
              refund: 3_800,
            },
            {
              orderItemId: 'cap',
              productId: 'p2',
              name: 'Cap',
              image: '/images/tee.webp',
              category: 'Caps',
              size: 'MD',
              qty: 1,
              unitPrice: 1_500,
              refund: 1_425,
            },
          ],
          reason: 'Too small',
          amount: 5_225,
          at,
        },
      },
    ]);
  });

  it('pays back, over several returns of a line, exactly what one return of all of it would', () => {
    const first = decide(request([{ orderItemId: 'tee', qty: 1 }]))[0]!;
    const second = decide(
      request([{ orderItemId: 'tee', qty: 1 }], {
        earlier: [earlier('Requested', [{ orderItemId: 'tee', qty: 1 }])],
      }),
    )[0]!;
    const whole = decide(request([{ orderItemId: 'tee', qty: 2 }]))[0]!;
    const amount = (event: ReturnEvent) =>
      event.type === 'ReturnRequested' ? event.data.amount : Number.NaN;
    expect(amount(first) + amount(second)).toBe(amount(whole));
    expect(amount(whole)).toBe(7_600);
  });

  it('is accepted up to the last moment of the window and refused 409 a moment after, naming the day', () => {
    const last = '2024-05-10T10:00:00.000Z';
    expect(decide(request([{ orderItemId: 'tee', qty: 1 }], { at: last }))).toHaveLength(1);
    const error = errorOf(() =>
      decide(request([{ orderItemId: 'tee', qty: 1 }], { at: '2024-05-10T10:00:00.001Z' })),
    );
    expect([error.status, error.message]).toEqual([
      409,
      'The 7-day return window of this order closed on 10 May 2024, so it can no longer be returned.',
    ]);
    const shorter = errorOf(() => decide(request([{ orderItemId: 'tee', qty: 1 }], { at, windowDays: 1 })));
    expect(shorter.message).toMatch(/^The 1-day return window of this order closed on 4 May 2024/);
  });

  it('is refused 409 before the order is delivered', () => {
    const error = errorOf(() => decide(request([{ orderItemId: 'tee', qty: 1 }], { order: orderState() })));
    expect([error.status, error.message]).toEqual([
      409,
      'Items can be returned once the order has been delivered.',
    ]);
  });

  it("is 404 for no order or someone else's", () => {
    for (const overrides of [{ order: initialOrderState() }, { by: 'u2' }]) {
      const error = errorOf(() => decide(request([{ orderItemId: 'tee', qty: 1 }], overrides)));
      expect([error.status, error.message]).toEqual([404, 'Order not found']);
    }
  });

  it('is 400 naming the item for a line the order lacks', () => {
    const error = errorOf(() =>
      decide(
        request([
          { orderItemId: 'tee', qty: 1 },
          { orderItemId: 'hat', qty: 1 },
        ]),
      ),
    );
    expect([error.status, error.fields]).toEqual([
      400,
      [{ field: 'items.1.orderItemId', message: 'This order has no such item.' }],
    ]);
  });

  it('is 400 for more units than delivered less those asked back by returns not rejected', () => {
    const tooMany = errorOf(() =>
      decide(
        request([
          { orderItemId: 'cap', qty: 1 },
          { orderItemId: 'tee', qty: 3 },
        ]),
      ),
    );
    expect([tooMany.status, tooMany.fields]).toEqual([
      400,
      [{ field: 'items.1.qty', message: 'Only 2 of "Running Tee" can still be returned.' }],
    ]);

    const standing = [
      earlier('Received', [{ orderItemId: 'tee', qty: 1 }]),
      earlier('Rejected', [{ orderItemId: 'tee', qty: 1 }]),
    ];
    const oneLeft = errorOf(() => decide(request([{ orderItemId: 'tee', qty: 2 }], { earlier: standing })));
    expect(oneLeft.message).toBe('Only 1 of "Running Tee" can still be returned.');
    expect(decide(request([{ orderItemId: 'tee', qty: 1 }], { earlier: standing }))).toHaveLength(1);

    const all = [earlier('Refunded', [{ orderItemId: 'tee', qty: 2 }])];
    const none = errorOf(() => decide(request([{ orderItemId: 'tee', qty: 1 }], { earlier: all })));
    expect([none.status, none.message]).toEqual([
      400,
      'All 2 of "Running Tee" have already been asked back.',
    ]);
  });

  it('takes a number already taken as a race lost, so the handler reads again', () => {
    const taken = earlier('Requested', [{ orderItemId: 'tee', qty: 1 }]);
    expect(() => decide(request([{ orderItemId: 'tee', qty: 1 }]), taken)).toThrow(ReturnNumberTaken);
    const error = (() => {
      try {
        decide(request([{ orderItemId: 'tee', qty: 1 }], { returnId: 'o1-2' }), taken);
      } catch (thrown) {
        return thrown as Error;
      }
    })();
    expect([error?.name, error?.message]).toEqual(['ReturnNumberTaken', 'Return o1-2 already exists']);
  });

  it('counts the units asked back per line, leaving out rejected returns', () => {
    expect(
      unitsAskedBack([
        earlier('Requested', [{ orderItemId: 'tee', qty: 1 }]),
        earlier('Approved', [
          { orderItemId: 'tee', qty: 1 },
          { orderItemId: 'cap', qty: 1 },
        ]),
        earlier('Rejected', [{ orderItemId: 'cap', qty: 1 }]),
        { status: 'Absent' },
      ]),
    ).toEqual(
      new Map([
        ['tee', 2],
        ['cap', 1],
      ]),
    );
  });
});

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
