import type { EventData, RecordedEvent } from '@shop/contracts';
import { isoWeek } from '@shop/projections';
import { anOrderPlaced } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { SalesLedger, type SalesRow } from './sales-report';

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

/** The dashboard's figures of a report's rows. */
const dashboard = (rows: SalesRow[]) => rows.map(({ group, orders, amount }) => ({ group, orders, amount }));
/** The periods that sold. */
const sold = (rows: SalesRow[]) => dashboard(rows.filter((row) => row.orders > 0));

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

  it('groups by Karachi day, zero-filled, cancelled orders left out', () => {
    expect(
      dashboard(ledgerOf(...events).report({ from: '2024-04-30', to: '2024-05-02', by: 'day' })),
    ).toEqual([
      { group: '2024-04-30', orders: 1, amount: 1_000 },
      { group: '2024-05-01', orders: 1, amount: 2_000 },
      { group: '2024-05-02', orders: 0, amount: 0 },
    ]);
  });

  it('groups by ISO week, month and affiliate code', () => {
    const ledger = ledgerOf(...events);
    const range = { from: '2024-04-01', to: '2024-05-31' };
    expect(sold(ledger.report({ ...range, by: 'week' }))).toEqual([
      { group: '2024-W18', orders: 2, amount: 3_000 },
      { group: '2024-W19', orders: 1, amount: 4_000 },
    ]);
    expect(dashboard(ledger.report({ ...range, by: 'month' }))).toEqual([
      { group: '2024-04', orders: 1, amount: 1_000 },
      { group: '2024-05', orders: 2, amount: 6_000 },
    ]);
    expect(dashboard(ledger.report({ ...range, by: 'affiliate' }))).toEqual([
      { group: '(none)', orders: 2, amount: 5_000 },
      { group: 'AYE5', orders: 1, amount: 2_000 },
    ]);
  });

  it("shares an order's total over its categories by value, adding up to the total exactly", () => {
    const order = anOrderPlaced({
      lines: [line('Shirts', 1_000), line('Shorts', 1_000), line('Bras', 1_000)],
      totalPrice: 3_100,
    });
    const ledger = ledgerOf(recorded('OrderPlaced', order));
    const rows = ledger.report({ from: '2024-05-01', to: '2024-05-01', by: 'category' });
    expect(rows.map((row) => row.group)).toEqual(['Bras', 'Shirts', 'Shorts']);
    expect(rows.map((row) => row.amount)).toEqual([1_033, 1_034, 1_033]); // the leftover paisa to the first line
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
