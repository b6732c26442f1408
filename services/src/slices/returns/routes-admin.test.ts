import type { ErrorBody, ReturnsPage } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { stockOf } from '../orders/order-test-kit';
import {
  admin,
  ayesha,
  bilal,
  DAY_MS,
  deliveredOrder,
  headAfter,
  shorts,
  t,
  tee,
  useReturnsShop,
} from './return-routes-test-kit';
import { askToReturn, moveReturn, returnUntil } from './returns-test-kit';

useReturnsShop();

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
