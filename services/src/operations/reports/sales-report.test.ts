import type { EventData, RecordedEvent } from '@shop/contracts';
import { anOrderPlaced, aReturnRefunded } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { allocateByCategory, isoWeek, SalesLedger } from './sales-report';

let position = 0;
function recorded(type: string, data: unknown): RecordedEvent {
  position += 1;
  return {
    id: `e${position}`,
    streamName: 'order',
    type,
    data,
    metadata: { schemaVersion: 1, actor: 'test' },
    revision: 0,
    position,
    timestamp: 0,
  };
}
const placed = (overrides: Partial<EventData<'OrderPlaced'>>) =>
  recorded('OrderPlaced', anOrderPlaced(overrides));
const cancelled = (orderId: string) =>
  recorded('StatusChanged', {
    orderId,
    from: 'Pending',
    to: 'Cancelled',
    by: 'admin',
    paid: false,
    delivered: false,
    at: '2024-05-20T10:00:00.000Z',
  });
const line = (category: string, unitPrice: number, qty = 1) => ({
  lineId: `${category}-${unitPrice}`,
  productId: category,
  name: category,
  image: '/images/x.webp',
  category,
  unitPrice,
  qty,
  size: 'MD',
});

function ledgerOf(...events: RecordedEvent[]): SalesLedger {
  const ledger = new SalesLedger();
  for (const event of events) ledger.add(event);
  return ledger;
}

describe('sales replayed from the log', () => {
  const events = [
    placed({ orderId: 'a', totalPrice: 1_000, at: '2024-04-30T18:30:00.000Z' }), // 23:30, 30 April in Karachi
    placed({ orderId: 'b', totalPrice: 2_000, at: '2024-04-30T19:30:00.000Z', affiliateCode: 'AYE5' }), // 1 May
    placed({ orderId: 'c', totalPrice: 4_000, at: '2024-05-06T10:00:00.000Z' }), // Monday of week 19
    placed({ orderId: 'd', totalPrice: 8_000, at: '2024-05-06T11:00:00.000Z', affiliateCode: 'AYE5' }),
    cancelled('d'),
  ];

  const row = (group: string, orders: number, amount: number, refunds = 0) => ({
    group,
    orders,
    amount,
    refunds,
    net: amount - refunds,
  });

  it('groups by Karachi day, zero-filled, cancelled orders left out', () => {
    expect(ledgerOf(...events).report({ from: '2024-04-30', to: '2024-05-02', by: 'day' }).rows).toEqual([
      row('2024-04-30', 1, 1_000),
      row('2024-05-01', 1, 2_000),
      row('2024-05-02', 0, 0),
    ]);
  });

  it('groups by ISO week, month and affiliate code', () => {
    const ledger = ledgerOf(...events);
    const range = { from: '2024-04-01', to: '2024-05-31' };
    expect(ledger.report({ ...range, by: 'week' }).rows).toEqual([
      row('2024-W18', 2, 3_000),
      row('2024-W19', 1, 4_000),
    ]);
    expect(ledger.report({ ...range, by: 'month' }).rows).toEqual([
      row('2024-04', 1, 1_000),
      row('2024-05', 2, 6_000),
    ]);
    expect(ledger.report({ ...range, by: 'affiliate' }).rows).toEqual([
      row('(none)', 2, 5_000),
      row('AYE5', 1, 2_000),
    ]);
  });

  describe('with refunds', () => {
    // Order b (1 May, code AYE5) refunded 500 on 6 May; order c (6 May) refunded 300 on 2 June.
    const refunded = [
      ...events,
      recorded(
        'ReturnRefunded',
        aReturnRefunded({
          orderId: 'b',
          amount: 500,
          items: [{ orderItemId: 'l1', productId: 'p1', category: 'Shirts', qty: 1, refund: 500 }],
          at: '2024-05-06T12:00:00.000Z',
        }),
      ),
      recorded(
        'ReturnRefunded',
        aReturnRefunded({
          orderId: 'c',
          amount: 300,
          items: [{ orderItemId: 'l1', productId: 'p1', category: 'Shirts', qty: 1, refund: 300 }],
          at: '2024-06-02T12:00:00.000Z',
        }),
      ),
    ];

    it('nets each refund against the day, week and month it was made, not when its order was placed', () => {
      const ledger = ledgerOf(...refunded);
      expect(ledger.report({ from: '2024-05-05', to: '2024-05-06', by: 'day' }).rows).toEqual([
        row('2024-05-05', 0, 0),
        row('2024-05-06', 1, 4_000, 500),
      ]);
      expect(ledger.report({ from: '2024-04-01', to: '2024-06-30', by: 'month' }).rows).toEqual([
        row('2024-04', 1, 1_000),
        row('2024-05', 2, 6_000, 500),
        row('2024-06', 0, 0, 300),
      ]);
      expect(ledger.report({ from: '2024-04-01', to: '2024-06-30', by: 'week' }).rows).toEqual([
        row('2024-W18', 2, 3_000),
        row('2024-W19', 1, 4_000, 500),
        row('2024-W22', 0, 0, 300),
      ]);
    });

    it("nets a refund against its order's affiliate and its lines' categories", () => {
      const ledger = ledgerOf(...refunded);
      const range = { from: '2024-04-01', to: '2024-06-30' };
      expect(ledger.report({ ...range, by: 'affiliate' }).rows).toEqual([
        row('(none)', 2, 5_000, 300),
        row('AYE5', 1, 2_000, 500),
      ]);
      expect(ledger.report({ ...range, by: 'category' }).rows).toEqual([row('Shirts', 3, 7_000, 800)]);
    });

    it('leaves out a refund made outside the range, whatever the grouping', () => {
      for (const by of ['day', 'week', 'month', 'category', 'affiliate'] as const) {
        const { total } = ledgerOf(...refunded).report({ from: '2024-04-01', to: '2024-05-31', by });
        expect(total, by).toEqual({ orders: 3, amount: 7_000, refunds: 500, net: 6_500 });
      }
    });
  });

  it('counts each order once in the total, also by category where an order is in two rows', () => {
    const ledger = ledgerOf(
      placed({ orderId: 'x', lines: [line('Shirts', 1_000), line('Shorts', 2_000)], totalPrice: 3_000 }),
      placed({ orderId: 'y', lines: [line('Shirts', 500)], totalPrice: 500 }),
    );
    const report = ledger.report({ from: '2024-05-01', to: '2024-05-01', by: 'category' });
    expect(report.rows.map((r) => [r.group, r.orders])).toEqual([
      ['Shirts', 2],
      ['Shorts', 1],
    ]);
    expect(report.total).toEqual({ orders: 2, amount: 3_500, refunds: 0, net: 3_500 });
  });

  it("shares an order's total over its categories by value, adding up to the total exactly", () => {
    const order = anOrderPlaced({
      lines: [line('Shirts', 1_000), line('Shorts', 1_000), line('Bras', 1_000)],
      totalPrice: 3_100,
    });
    const shares = allocateByCategory(order);
    expect([...shares.values()].reduce((sum, v) => sum + v, 0)).toBe(3_100);
    expect([...shares.values()].sort()).toEqual([1_033, 1_033, 1_034]);
    const ledger = ledgerOf(recorded('OrderPlaced', order));
    expect(ledger.report({ from: '2024-05-01', to: '2024-05-01', by: 'category' }).rows).toEqual([
      row('Bras', 1, shares.get('Bras')!),
      row('Shirts', 1, shares.get('Shirts')!),
      row('Shorts', 1, shares.get('Shorts')!),
    ]);
  });

  it('names ISO weeks across year ends', () => {
    expect(['2024-01-01', '2024-12-30', '2021-01-03', '2027-01-01'].map(isoWeek)).toEqual([
      '2024-W01',
      '2025-W01',
      '2020-W53',
      '2026-W53',
    ]);
  });
});
