import type { ErrorBody, OrderReturn } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { signIn } from '../../test-support/test-shop';
import { placeOrderOk } from '../orders/order-test-kit';
import {
  admin,
  ayesha,
  bilal,
  DAY_MS,
  deliveredOrder,
  headAfter,
  t,
  tee,
  useReturnsShop,
} from './return-routes-test-kit';
import { askToReturn, moveReturn } from './returns-test-kit';

useReturnsShop();

describe('POST /api/orders/{id}/returns', () => {
  it('the owner asks to return units of a delivered order: 201 with the lines, the refund and its status', async () => {
    const order = await deliveredOrder();
    const asked = await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }], '  Too tight  ');
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      id: `${order.id}-1`,
      orderId: order.id,
      orderReference: order.reference,
      userId: ayesha.id,
      status: 'Requested',
      reason: 'Too tight',
      items: [
        {
          orderItemId: order.orderItems[0]!.id,
          productId: tee.id,
          name: 'Running Tee',
          image: tee.image,
          size: 'SM',
          qty: 1,
          unitPrice: 2_000,
          refund: 2_000,
        },
      ],
      refundAmount: 2_000,
      requestedAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      refundedAt: null,
      history: [{ status: 'Requested', at: t.clock.now().toISOString() }],
    });
    const listed = await t.request<OrderReturn[]>('GET', `/api/orders/${order.id}/returns`, {
      token: ayesha.token,
    });
    expect(listed.body).toEqual([asked.body]);
  });

  it('answers 409 before delivery, and after the 7-day window (fixed clock); the last moment is still in', async () => {
    const pending = await placeOrderOk(t, ayesha, [{ product: tee, qty: 1 }]);
    const early = await askToReturn(t, ayesha, pending, [{ line: 0, qty: 1 }]);
    expect([early.status, early.body.message]).toEqual([
      409,
      'Items can be returned once the order has been delivered.',
    ]);

    const order = await deliveredOrder();
    const deliveredAt = Date.parse(order.deliveredAt!);
    expect(order.returnableUntil).toBe(new Date(deliveredAt + 7 * DAY_MS).toISOString());
    t.clock.set(new Date(deliveredAt + 7 * DAY_MS + 1));
    const ayeshaAgain = { ...ayesha, ...(await signIn(t, ayesha.email, ayesha.password)) }; // tokens last 7 days too
    let late: Awaited<ReturnType<typeof askToReturn>> | undefined;
    expect(
      await headAfter(async () => (late = await askToReturn(t, ayeshaAgain, order, [{ line: 0, qty: 1 }]))),
    ).toBe(0);
    expect([late?.status, late?.body.message]).toEqual([
      409,
      'The 7-day return window of this order closed on 9 May 2024, so it can no longer be returned.',
    ]);
    t.clock.set(new Date(deliveredAt + 7 * DAY_MS));
    expect((await askToReturn(t, ayeshaAgain, order, [{ line: 0, qty: 1 }])).status).toBe(201);
  });

  it('answers 400 for more units than were delivered less those already asked back, naming the item', async () => {
    const order = await deliveredOrder();
    const tooMany = await askToReturn(t, ayesha, order, [{ line: 1, qty: 2 }]);
    expect([tooMany.status, tooMany.body.fields]).toEqual([
      400,
      [{ field: 'items.0.qty', message: 'Only 1 of "Shorts" can still be returned.' }],
    ]);
    const first = await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }]);
    const second = await askToReturn(t, ayesha, order, [
      { line: 1, qty: 1 },
      { line: 0, qty: 2 },
    ]);
    expect([second.status, second.body.fields]).toEqual([
      400,
      [{ field: 'items.1.qty', message: 'Only 1 of "Running Tee" can still be returned.' }],
    ]);
    expect((await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).status).toBe(201);
    const none = await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }]);
    expect(none.body.message).toBe('All 2 of "Running Tee" have already been asked back.');

    // A rejected return gives its units back to ask for again.
    await moveReturn(t, admin, first.body.id, 'Rejected');
    const again = await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }]);
    expect([again.status, again.body.id]).toEqual([201, `${order.id}-3`]);
  });

  it('answers 400 for a line the order lacks, an item named twice, and an empty or too long reason', async () => {
    const order = await deliveredOrder();
    const line = order.orderItems[0]!.id;
    const cases: [unknown, { field: string; message: string }[]][] = [
      [
        { items: [{ orderItemId: 'not-a-line', qty: 1 }], reason: 'x' },
        [{ field: 'items.0.orderItemId', message: 'This order has no such item.' }],
      ],
      [
        {
          items: [
            { orderItemId: line, qty: 1 },
            { orderItemId: line, qty: 1 },
          ],
          reason: 'x',
        },
        [{ field: 'items', message: 'Name each order item once' }],
      ],
      [{ items: [], reason: 'x' }, [{ field: 'items', message: 'Choose at least one item to return' }]],
      [
        { items: [{ orderItemId: line, qty: 0 }], reason: 'x' },
        [{ field: 'items.0.qty', message: 'Quantity must be at least 1' }],
      ],
      [
        { items: [{ orderItemId: line, qty: 1 }], reason: '   ' },
        [{ field: 'reason', message: 'Reason is required' }],
      ],
      [
        { items: [{ orderItemId: line, qty: 1 }], reason: 'x'.repeat(501) },
        [{ field: 'reason', message: 'Reason must be at most 500 characters' }],
      ],
    ];
    for (const [body, fields] of cases) {
      let response: { status: number; body: ErrorBody } | undefined;
      const appended = await headAfter(async () => {
        response = await t.request<ErrorBody>('POST', `/api/orders/${order.id}/returns`, {
          token: ayesha.token,
          body,
        });
      });
      expect([response?.status, response?.body.fields, appended], JSON.stringify(body)).toEqual([
        400,
        fields,
        0,
      ]);
    }
  });

  it("answers 404 for another user's order (an admin's included) and an unknown one, exactly alike", async () => {
    const order = await deliveredOrder();
    const unknown = await t.request('POST', '/api/orders/no-such-order/returns', {
      token: bilal.token,
      body: { items: [{ orderItemId: order.orderItems[0]!.id, qty: 1 }], reason: 'x' },
    });
    expect(unknown.status).toBe(404);
    for (const caller of [bilal, admin]) {
      const theirs = await askToReturn(t, caller, order, [{ line: 0, qty: 1 }]);
      expect([theirs.status, theirs.body]).toEqual([404, unknown.body]);
      if (caller === bilal) {
        const listed = await t.request('GET', `/api/orders/${order.id}/returns`, { token: caller.token });
        expect([listed.status, listed.body]).toEqual([404, unknown.body]);
      }
    }
    const seenByAdmin = await t.request<OrderReturn[]>('GET', `/api/orders/${order.id}/returns`, {
      token: admin.token,
    });
    expect([seenByAdmin.status, seenByAdmin.body]).toEqual([200, []]);
  });

  it('two requests racing for the last units: one is accepted, the other refused, never more than delivered', async () => {
    const order = await deliveredOrder();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => askToReturn(t, ayesha, order, [{ line: 0, qty: 2 }])),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
    const returns = await t.request<OrderReturn[]>('GET', `/api/orders/${order.id}/returns`, {
      token: ayesha.token,
    });
    expect(returns.body.map((r) => [r.id, r.items[0]?.qty])).toEqual([[`${order.id}-1`, 2]]);
  });
});
