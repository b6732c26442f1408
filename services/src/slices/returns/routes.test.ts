import type { ErrorBody, Order, OrderReturn, OrderTracking, Product, ReturnsPage } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import {
  registerUser,
  type SignedInUser,
  signIn,
  signInAdmin,
  type TestShop,
  testClock,
} from '../../test-support/test-shop';
import { createProduct, deliver, placeOrderOk, stockOf } from '../orders/order-test-kit';
import { askToReturn, moveReturn, returnUntil } from './returns-test-kit';

const DAY_MS = 86_400_000;

let t: TestShop;
let admin: SignedInUser;
let ayesha: SignedInUser;
let bilal: SignedInUser;
let tee: Product;
let shorts: Product;

it.override('shopOptions', () => ({ clock: testClock('2024-05-02T08:00:00.000Z') }));
it.beforeEach(async ({ shop }) => {
  t = shop;
  admin = await signInAdmin(t, { name: 'Shop Admin' });
  ayesha = await registerUser(t, { name: 'Ayesha' });
  bilal = await registerUser(t, { name: 'Bilal' });
  tee = await createProduct(t, admin, { name: 'Running Tee', price: 2_000, countInStock: 10 });
  shorts = await createProduct(t, admin, { name: 'Shorts', price: 1_000, countInStock: 10, sizes: [] });
});

/** Ayesha's order of 2 tees and 1 shorts, delivered now. */
async function deliveredOrder(user = ayesha): Promise<Order> {
  const order = await placeOrderOk(t, user, [
    { product: tee, qty: 2 },
    { product: shorts, qty: 1 },
  ]);
  return deliver(t, admin, order.id);
}

const headAfter = async (call: () => Promise<unknown>) => {
  const head = await t.deps.store.headPosition();
  await call();
  return (await t.deps.store.headPosition()) - head;
};

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
    ayesha = { ...ayesha, ...(await signIn(t, ayesha.email, ayesha.password)) }; // tokens last 7 days too
    let late: Awaited<ReturnType<typeof askToReturn>> | undefined;
    expect(
      await headAfter(async () => (late = await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }]))),
    ).toBe(0);
    expect([late?.status, late?.body.message]).toEqual([
      409,
      'The 7-day return window of this order closed on 9 May 2024, so it can no longer be returned.',
    ]);
    t.clock.set(new Date(deliveredAt + 7 * DAY_MS));
    expect((await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).status).toBe(201);
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

describe('PUT /api/admin/returns/{id}/status', () => {
  it('Requested -> Approved -> Received -> Refunded, each step with who and when; the units go back on Received', async () => {
    const order = await deliveredOrder();
    const asked = (
      await askToReturn(t, ayesha, order, [
        { line: 0, qty: 2 },
        { line: 1, qty: 1 },
      ])
    ).body;
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([8, 9]);

    t.clock.advance(3_600_000);
    const approved = await moveReturn(t, admin, asked.id, 'Approved');
    expect(approved.body).toMatchObject({
      status: 'Approved',
      User: { name: 'Ayesha', email: ayesha.email },
    });
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([8, 9]);

    t.clock.advance(DAY_MS);
    expect((await moveReturn(t, admin, asked.id, 'Received')).body.status).toBe('Received');
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([10, 10]);

    t.clock.advance(3_600_000);
    const refunded = await moveReturn(t, admin, asked.id, 'Refunded');
    expect(refunded.body).toMatchObject({
      status: 'Refunded',
      refundAmount: 5_000,
      refundedAt: t.clock.now().toISOString(),
    });
    expect(refunded.body.history.map((step) => [step.status, step.by?.name])).toEqual([
      ['Requested', 'Ayesha'],
      ['Approved', 'Shop Admin'],
      ['Received', 'Shop Admin'],
      ['Refunded', 'Shop Admin'],
    ]);
    // Refunding does not move stock again.
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([10, 10]);
  });

  it('puts back exactly what was returned, not the whole order', async () => {
    const order = await deliveredOrder();
    const asked = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    await returnUntil(t, admin, asked.id, 'Received');
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([9, 9]);
    const second = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    await returnUntil(t, admin, second.id, 'Refunded');
    expect([await stockOf(t, tee), await stockOf(t, shorts)]).toEqual([10, 9]);
  });

  it('answers 409 for any other step, 404 for an unknown return, 400 for an unknown status, and appends nothing', async () => {
    const order = await deliveredOrder();
    const asked = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    const refusals: [string, string][] = [
      ['Received', 'A return that is Requested cannot be marked Received.'],
      ['Refunded', 'A return that is Requested cannot be marked Refunded.'],
      ['Requested', 'This return is already Requested.'],
    ];
    for (const [status, message] of refusals) {
      let refused: Awaited<ReturnType<typeof moveReturn>> | undefined;
      expect(await headAfter(async () => (refused = await moveReturn(t, admin, asked.id, status)))).toBe(0);
      expect([refused?.status, refused?.body.message]).toEqual([409, message]);
    }
    await moveReturn(t, admin, asked.id, 'Rejected');
    for (const status of ['Approved', 'Received', 'Refunded', 'Rejected']) {
      expect((await moveReturn(t, admin, asked.id, status)).status, status).toBe(409);
    }
    expect((await moveReturn(t, admin, 'no-such-return', 'Approved')).status).toBe(404);
    expect((await moveReturn(t, admin, asked.id, 'Lost')).status).toBe(400);
  });

  it('refuses a shopper on every admin returns route with 403, before reading anything', async () => {
    const order = await deliveredOrder();
    const asked = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    expect((await moveReturn(t, ayesha, asked.id, 'Approved')).status).toBe(403);
    expect((await t.request('GET', '/api/admin/returns', { token: ayesha.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/returns')).status).toBe(401);
  });
});

describe('GET /api/admin/returns', () => {
  const page = (query = '') =>
    t.request<ReturnsPage & ErrorBody>('GET', `/api/admin/returns${query}`, { token: admin.token });

  it('pages by an opaque cursor, newest first, with the total; filters by status', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await deliveredOrder(i % 2 === 0 ? ayesha : bilal);
      t.clock.advance(60_000);
      ids.push((await askToReturn(t, i % 2 === 0 ? ayesha : bilal, order, [{ line: 1, qty: 1 }])).body.id);
    }
    await moveReturn(t, admin, ids[1]!, 'Approved');
    await moveReturn(t, admin, ids[3]!, 'Rejected');

    const first = await page('?limit=2');
    expect([first.body.total, first.body.items.map((r) => r.id)]).toEqual([5, [ids[4], ids[3]]]);
    expect(first.body.items[0]?.User?.name).toBe('Ayesha');
    const second = await page(`?limit=2&cursor=${first.body.nextCursor}`);
    expect([second.body.total, second.body.items.map((r) => r.id)]).toEqual([5, [ids[2], ids[1]]]);
    const last = await page(`?limit=2&cursor=${second.body.nextCursor}`);
    expect([last.body.items.map((r) => r.id), last.body.nextCursor]).toEqual([[ids[0]], null]);

    const requested = await page('?status=Requested&limit=2');
    expect([requested.body.total, requested.body.items.map((r) => r.id)]).toEqual([3, [ids[4], ids[2]]]);
    const more = await page(`?status=Requested&limit=2&cursor=${requested.body.nextCursor}`);
    expect([more.body.items.map((r) => r.id), more.body.nextCursor]).toEqual([[ids[0]], null]);
    expect((await page('?status=Approved')).body.items.map((r) => r.id)).toEqual([ids[1]]);
  });

  it('pages back by the previous cursor to the pages it came from, the first with none', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await deliveredOrder();
      t.clock.advance(60_000);
      ids.push((await askToReturn(t, ayesha, order, [{ line: 1, qty: 1 }])).body.id);
    }
    const first = await page('?limit=2');
    expect(first.body.previousCursor).toBeNull();
    const second = await page(`?limit=2&cursor=${first.body.nextCursor}`);
    const last = await page(`?limit=2&cursor=${second.body.nextCursor}`);
    expect(last.body.items.map((r) => r.id)).toEqual([ids[0]]);

    const backToSecond = await page(`?limit=2&cursor=${last.body.previousCursor}`);
    expect([backToSecond.body.total, backToSecond.body.items.map((r) => r.id)]).toEqual([
      5,
      [ids[2], ids[1]],
    ]);
    const backToFirst = await page(`?limit=2&cursor=${backToSecond.body.previousCursor}`);
    expect(backToFirst.body.items.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect([backToFirst.body.previousCursor, backToFirst.body.nextCursor]).toEqual([
      null,
      first.body.nextCursor,
    ]);
  });

  it('answers 400 for a tampered cursor, an unknown status or a bad limit', async () => {
    for (let i = 0; i < 3; i++) {
      const order = await deliveredOrder();
      await askToReturn(t, ayesha, order, [{ line: 1, qty: 1 }]);
    }
    const cursor = (await page('?limit=1')).body.nextCursor!;
    const [payload, sum] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', 'zzz'])).toString('base64url');
    for (const bad of [
      `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${sum}`,
      `${forged}.${sum}`,
      `${payload}`,
      'not-a-cursor',
      `${payload}.${sum}.x`,
    ]) {
      const refused = await page(`?cursor=${encodeURIComponent(bad)}`);
      expect([refused.status, refused.body.code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await page('?status=Lost')).status).toBe(400);
    expect((await page('?limit=0')).status).toBe(400);
    expect((await page('?limit=101')).status).toBe(400);
  });
});

describe('the order timeline', () => {
  it('shows the return, its approval, receipt and refund with their times', async () => {
    const order = await deliveredOrder();
    t.clock.advance(DAY_MS);
    const asked = (await askToReturn(t, ayesha, order, [{ line: 0, qty: 1 }])).body;
    const times = [t.clock.now().toISOString()];
    for (const status of ['Approved', 'Received', 'Refunded'] as const) {
      t.clock.advance(3_600_000);
      await moveReturn(t, admin, asked.id, status);
      times.push(t.clock.now().toISOString());
    }
    const tracking = await t.request<OrderTracking>('GET', `/api/orders/${order.id}/tracking`, {
      token: ayesha.token,
    });
    expect(tracking.body.timeline.slice(-4).map((s) => [s.key, s.label, s.description, s.at])).toEqual([
      ['return-requested', 'Return Requested', 'You asked to return 1 item', times[0]],
      [
        'return-approved',
        'Return Approved',
        'Your return was accepted: please send the items back',
        times[1],
      ],
      ['return-received', 'Return Received', 'Your returned items arrived back with us', times[2]],
      ['refunded', 'Refund Issued', 'PKR 2,000.00 refunded to you', times[3]],
    ]);
  });
});
