import { anOrderPlaced, aStatusChanged } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { readAtEveryCut } from '../test-support/cut-into-transactions';
import { recorded } from '../test-support/recorded';
import { ordersProjector } from './projector';
import { findOrder, listOrdersOfUser, listSweepableReservations } from './rows';

function project(...events: ReturnType<typeof recorded>[]) {
  const db = openReadModels(':memory:');
  for (const event of events) db.transaction(() => ordersProjector.apply(event, db));
  return db;
}

describe('the orders read model', () => {
  it('keeps each order with its lines, flags and every status change in order', () => {
    const dispatched = recorded(
      'StatusChanged',
      aStatusChanged('o1', 'Pending', 'Dispatched', { at: '2024-05-02T00:00:00.000Z' }),
    );
    const delivered = recorded(
      'StatusChanged',
      aStatusChanged('o1', 'Dispatched', 'Delivered', { paid: true, at: '2024-05-03T00:00:00.000Z' }),
    );
    const db = project(recorded('OrderPlaced', anOrderPlaced()), dispatched, delivered);
    const detail = findOrder(db, { id: 'o1' });
    expect(detail?.order).toMatchObject({
      status: 'Delivered',
      is_paid: 1,
      paid_at: '2024-05-03T00:00:00.000Z',
      is_delivered: 1,
      delivered_at: '2024-05-03T00:00:00.000Z',
      total_price: 9_000,
    });
    expect(detail?.items.map((i) => [i.product_id, i.qty, i.unit_price, i.product])).toEqual([
      ['p1', 2, 4_000, null],
    ]);
    expect(detail?.changes.map((c) => [c.from_status, c.to_status, c.by_user_id, c.at])).toEqual([
      ['Pending', 'Dispatched', 'admin', '2024-05-02T00:00:00.000Z'],
      ['Dispatched', 'Delivered', 'admin', '2024-05-03T00:00:00.000Z'],
    ]);
    // Each change is keyed by its event's position in the log.
    expect(detail?.changes.map((c) => c.seq)).toEqual([dispatched.position, delivered.position]);
  });

  it("lists a customer's orders newest first, with their own lines only", () => {
    const db = project(
      recorded('OrderPlaced', anOrderPlaced()),
      recorded(
        'OrderPlaced',
        anOrderPlaced({
          orderId: 'o2',
          at: '2024-05-05T00:00:00.000Z',
          lines: [{ ...anOrderPlaced().lines[0]!, lineId: 'l2', qty: 1 }],
        }),
      ),
      recorded(
        'OrderPlaced',
        anOrderPlaced({
          orderId: 'o3',
          userId: 'u2',
          lines: [{ ...anOrderPlaced().lines[0]!, lineId: 'l3' }],
        }),
      ),
    );
    const mine = listOrdersOfUser(db, { userId: 'u1' });
    expect(mine.map((o) => [o.order.id, o.items.map((i) => i.id)])).toEqual([
      ['o2', ['l2']],
      ['o1', ['l1']],
    ]);
  });

  it('offers the sweep reservations whose order never appeared, or was cancelled, once old enough', () => {
    const reserve = (orderId: string, productId: string, at: string) =>
      recorded('StockReserved', { productId, orderId, size: null, qty: 2, at });
    const db = project(
      reserve('o1', 'p1', '2024-05-01T09:00:00.000Z'),
      reserve('o2', 'p1', '2024-05-01T09:00:00.000Z'),
      reserve('o2', 'p2', '2024-05-01T09:00:00.000Z'),
      reserve('o3', 'p1', '2024-05-01T11:00:00.000Z'),
      recorded('OrderPlaced', anOrderPlaced()),
      recorded('StockReleased', {
        productId: 'p1',
        orderId: 'o2',
        size: null,
        qty: 2,
        reason: 'order-refused',
        at: 'x',
      }),
    );
    const sweepable = (before: string) =>
      listSweepableReservations(db, { before }).map((r) => [r.order_id, r.product_id, r.order_state]);
    expect(sweepable('2024-05-01T10:00:00.000Z')).toEqual([['o2', 'p2', 'unplaced']]);
    expect(sweepable('2024-05-02T00:00:00.000Z')).toEqual([
      ['o2', 'p2', 'unplaced'],
      ['o3', 'p1', 'unplaced'],
    ]);

    const cancelled = recorded('StatusChanged', aStatusChanged('o1', 'Pending', 'Cancelled'));
    db.transaction(() => ordersProjector.apply(cancelled, db));
    expect(listSweepableReservations(db, { before: '2024-05-03T00:00:00.000Z' })).toContainEqual(
      expect.objectContaining({ order_id: 'o1', product_id: 'p1', qty: 2, order_state: 'cancelled' }),
    );
    const released = recorded('StockReleased', {
      productId: 'p1',
      orderId: 'o1',
      size: null,
      qty: 2,
      reason: 'cancelled',
      at: 'x',
    });
    db.transaction(() => ordersProjector.apply(released, db));
    expect(sweepable('2024-05-03T00:00:00.000Z')).not.toContainEqual(['o1', 'p1', 'cancelled']);
  });

  it('forgets the stock of a delivered order: it is sold, nothing to give back', () => {
    const db = project(
      recorded('StockReserved', {
        productId: 'p1',
        orderId: 'o1',
        size: null,
        qty: 2,
        at: '2024-05-01T09:00:00.000Z',
      }),
      recorded('OrderPlaced', anOrderPlaced()),
      recorded('StatusChanged', aStatusChanged('o1', 'Pending', 'Dispatched')),
      recorded('StatusChanged', aStatusChanged('o1', 'Dispatched', 'Delivered')),
    );
    expect(db.all(db.qb.selectFrom('open_reservations').selectAll())).toEqual([]);
  });

  it('leaves the same reservations however the log is cut into transactions', () => {
    const line = anOrderPlaced().lines[0]!;
    const reserve = (orderId: string, productId: string, qty: number, at = '2024-05-01T09:00:00.000Z') =>
      recorded('StockReserved', { productId, orderId, size: null, qty, at });
    const release = (orderId: string, productId: string, qty: number) =>
      recorded('StockReleased', {
        productId,
        orderId,
        size: null,
        qty,
        reason: 'cancelled',
        at: '2024-05-03T00:00:00.000Z',
      });
    const twoLines = (orderId: string) =>
      anOrderPlaced({
        orderId,
        lines: [
          { ...line, lineId: `${orderId}-1`, productId: 'p1', qty: 2 },
          { ...line, lineId: `${orderId}-2`, productId: 'p2', qty: 1 },
          { ...line, lineId: `${orderId}-3`, productId: 'p1', qty: 1 },
        ],
      });
    const log = [
      // Placed: nothing left to watch.
      reserve('o1', 'p1', 3),
      reserve('o1', 'p2', 1),
      recorded('OrderPlaced', twoLines('o1')),
      // Refused on its second product: the first given back, the second never appears.
      reserve('o2', 'p1', 2),
      release('o2', 'p1', 2),
      reserve('o2', 'p2', 5, '2024-05-01T09:30:00.000Z'),
      // Reserved in two steps, partly given back, never placed.
      reserve('o3', 'p1', 2),
      reserve('o3', 'p1', 2, '2024-05-01T09:45:00.000Z'),
      release('o3', 'p1', 1),
      // Placed, cancelled, one product given back: the other is held until its release.
      reserve('o4', 'p1', 3),
      reserve('o4', 'p2', 1),
      recorded('OrderPlaced', twoLines('o4')),
      recorded('StatusChanged', aStatusChanged('o4', 'Pending', 'Cancelled')),
      release('o4', 'p1', 3),
    ];
    const reservations = (db: ReturnType<typeof project>) =>
      db.all(db.qb.selectFrom('open_reservations').selectAll().orderBy('order_id').orderBy('product_id'));
    const oneByOne = reservations(project(...log));
    expect(oneByOne.map((r) => [r.order_id, r.product_id, r.qty, r.reserved_at, r.order_state])).toEqual([
      ['o2', 'p2', 5, '2024-05-01T09:30:00.000Z', 'unplaced'],
      ['o3', 'p1', 3, '2024-05-01T09:00:00.000Z', 'unplaced'],
      ['o4', 'p2', 1, '2024-05-01T10:00:00.000Z', 'cancelled'],
    ]);
    for (const { cut, answer } of readAtEveryCut(ordersProjector, log, reservations)) {
      expect(answer, `cut before event ${cut}`).toEqual(oneByOne);
    }
  });
});
