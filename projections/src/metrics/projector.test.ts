import { anOrderPlaced, aReturnRefunded, aStatusChanged } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { readAtEveryCut } from '../test-support/cut-into-transactions';
import { recorded } from '../test-support/recorded';
import { metricsProjector } from './projector';
import { dailySales, orderCounts } from './queries';

function project(...events: ReturnType<typeof recorded>[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => metricsProjector.apply(event, db));
  return db;
}

describe('the metrics read model', () => {
  const events = [
    // 23:30 in Karachi on 1 May, and 00:30 on 2 May.
    recorded(
      'OrderPlaced',
      anOrderPlaced({ orderId: 'a', totalPrice: 1_000, at: '2024-05-01T18:30:00.000Z' }),
    ),
    recorded(
      'OrderPlaced',
      anOrderPlaced({ orderId: 'b', totalPrice: 2_000, at: '2024-05-01T19:30:00.000Z' }),
    ),
    recorded(
      'OrderPlaced',
      anOrderPlaced({ orderId: 'c', totalPrice: 4_000, at: '2024-05-01T20:00:00.000Z' }),
    ),
    recorded(
      'OrderPlaced',
      anOrderPlaced({ orderId: 'd', totalPrice: 8_000, at: '2024-05-02T20:00:00.000Z' }),
    ),
    recorded('StatusChanged', aStatusChanged('a', 'Pending', 'Paid')),
    recorded('StatusChanged', aStatusChanged('a', 'Paid', 'Dispatched')),
    recorded('StatusChanged', aStatusChanged('a', 'Dispatched', 'Delivered')),
    recorded('StatusChanged', aStatusChanged('c', 'Pending', 'Cancelled')),
    // 15:00 in Karachi on 3 May: a refund of order a, placed on 1 May, counts on 3 May.
    recorded(
      'ReturnRefunded',
      aReturnRefunded({ orderId: 'a', amount: 300, at: '2024-05-03T10:00:00.000Z' }),
    ),
  ];

  it('counts orders by current status, and paid orders whatever they became', () => {
    const counts = orderCounts(project(...events));
    expect(counts).toMatchObject({ total: 4, pending: 2, paid: 1, delivered: 1, cancelled: 1, toShip: 0 });
    // Each order once, under its status: b and d Pending, a Delivered, c Cancelled.
    expect(counts.byStatus).toEqual({
      Pending: 2,
      Paid: 0,
      Processing: 0,
      Shipped: 0,
      Dispatched: 0,
      Delivered: 1,
      Cancelled: 1,
      Refused: 0,
    });
  });

  it('sums sales per Karachi day, zero-filled, taking cancelled orders back out and refunds off their day', () => {
    expect(dailySales(project(...events), { lastDay: '2024-05-04', days: 5 })).toEqual([
      { day: '2024-04-30', amount: 0, orders: 0, refunds: 0 },
      { day: '2024-05-01', amount: 1_000, orders: 1, refunds: 0 },
      { day: '2024-05-02', amount: 2_000, orders: 1, refunds: 0 },
      { day: '2024-05-03', amount: 7_700, orders: 1, refunds: 300 },
      { day: '2024-05-04', amount: 0, orders: 0, refunds: 0 },
    ]);
  });

  it('leaves the same rows however the log is cut into transactions, a counter back at 0 included', () => {
    const rows = (db: ReturnType<typeof project>) => ({
      counters: db.all(db.qb.selectFrom('metrics_counters').selectAll().orderBy('name')),
      days: db.all(db.qb.selectFrom('metrics_daily_sales').selectAll().orderBy('day')),
    });
    const oneByOne = rows(project(...events));
    expect(oneByOne.counters).toContainEqual({ name: 'status:Paid', value: 0 });
    for (const { cut, answer } of readAtEveryCut(metricsProjector, events, rows)) {
      expect(answer, `cut before event ${cut}`).toEqual(oneByOne);
    }
  });

  it('answers zeros on an empty log', () => {
    const counts = orderCounts(project());
    expect(counts).toMatchObject({ total: 0, pending: 0, paid: 0, delivered: 0, cancelled: 0 });
    expect([counts.toShip, counts.awaitingPayment, Math.max(...Object.values(counts.byStatus))]).toEqual([
      0, 0, 0,
    ]);
  });
});
