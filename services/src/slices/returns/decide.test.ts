import { describe, expect, it } from 'vitest';
import { initialOrderState } from '../orders/order';
import { ReturnNumberTaken, unitsAskedBack } from './decide';
import { at, decide, earlier, errorOf, orderState, request } from './decide-test-kit';
import type { ReturnEvent } from './return';

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
