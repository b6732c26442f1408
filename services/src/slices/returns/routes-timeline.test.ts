import type { OrderTracking } from '@shop/contracts';
import { describe, expect } from 'vitest';
import { it } from '../../test-support/shop-test';
import { admin, ayesha, DAY_MS, deliveredOrder, t, useReturnsShop } from './return-routes-test-kit';
import { askToReturn, moveReturn } from './returns-test-kit';

useReturnsShop();

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
