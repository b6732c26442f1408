import {
  type EventData,
  SALES_REPORT_GROUPINGS,
  type SalesReportGrouping,
  shareByWeight,
} from '@shop/contracts';
import { anOrderPlaced, aReturnRefunded, aStatusChanged } from '@shop/testing';
import { describe, expect, it } from 'vitest';
import { openReadModels } from '../db/open';
import { recorded } from '../test-support/recorded';
import { salesProjector } from './projector';
import { salesReport } from './queries';

type Line = EventData<'OrderPlaced'>['lines'][number];
const line = (lineId: string, productId: string, category: string, unitPrice: number, qty: number): Line => ({
  lineId,
  productId,
  name: `Product ${productId}`,
  image: '/images/x.webp',
  category,
  unitPrice,
  qty,
  size: 'MD',
});
const address = (city: string) => ({ ...anOrderPlaced().shippingAddress, city });

/** Orders over two weeks and two months, in two cities, both methods, one with an affiliate discount. */
const orders: EventData<'OrderPlaced'>[] = [
  // 30 April 23:30 in Karachi (18:30 UTC).
  anOrderPlaced({
    orderId: 'a',
    lines: [line('a1', 'tee', 'Shirts', 4_000, 2), line('a2', 'tights', 'Leggings', 6_500, 1)],
    shippingAddress: address('Lahore'),
    paymentMethod: 'Card',
    itemsPrice: 14_500,
    discount: 1_450,
    totalPrice: 13_050,
    affiliateCode: 'AYESHA10',
    at: '2024-04-30T18:30:00.000Z',
  }),
  // 1 May 00:30 in Karachi.
  anOrderPlaced({
    orderId: 'b',
    lines: [line('b1', 'tee', 'Shirts', 4_000, 3)],
    shippingAddress: address('Karachi'),
    at: '2024-04-30T19:30:00.000Z',
  }),
  anOrderPlaced({
    orderId: 'c',
    lines: [line('c1', 'tights', 'Leggings', 6_500, 4)],
    shippingAddress: address('Lahore'),
    at: '2024-05-02T09:00:00.000Z',
  }),
  anOrderPlaced({
    orderId: 'd',
    lines: [line('d1', 'cap', 'Accessories', 1_999, 3), line('d2', 'tee', 'Shirts', 4_000, 1)],
    shippingAddress: address('Islamabad'),
    paymentMethod: 'Card',
    itemsPrice: 9_997,
    discount: 1_000,
    affiliateCode: 'AYESHA10',
    at: '2024-05-06T09:00:00.000Z',
  }),
];
const cancellation = aStatusChanged('c', 'Pending', 'Cancelled');
const refunds: EventData<'ReturnRefunded'>[] = [
  aReturnRefunded({
    returnId: 'a-1',
    orderId: 'a',
    amount: 3_600,
    items: [{ orderItemId: 'a1', productId: 'tee', category: 'Shirts', qty: 1, refund: 3_600 }],
    at: '2024-05-07T10:00:00.000Z',
  }),
  aReturnRefunded({
    returnId: 'd-1',
    orderId: 'd',
    amount: 1_799,
    items: [{ orderItemId: 'd1', productId: 'cap', category: 'Accessories', qty: 1, refund: 1_799 }],
    at: '2024-05-06T20:00:00.000Z', // 7 May in Karachi
  }),
];

function project() {
  const db = openReadModels(':memory:');
  const events = [
    ...orders.map((order) => recorded('OrderPlaced', order)),
    recorded('StatusChanged', cancellation),
    ...refunds.map((refund) => recorded('ReturnRefunded', refund)),
  ];
  db.transaction(() => {
    for (const event of events) salesProjector.apply(event, db);
  });
  return db;
}

// The expectation, summed straight from the events above: days and weeks written out by hand.
const dayOf: Record<string, string> = {
  a: '2024-04-30',
  b: '2024-05-01',
  d: '2024-05-06',
  'a-1': '2024-05-07',
  'd-1': '2024-05-07',
};
const weekOf = (day: string) => (day < '2024-05-06' ? '2024-W18' : '2024-W19');

function keyOf(by: SalesReportGrouping, day: string, order: EventData<'OrderPlaced'>, l: Line): string {
  switch (by) {
    case 'day':
      return day;
    case 'week':
      return weekOf(day);
    case 'month':
      return day.slice(0, 7);
    case 'category':
      return l.category;
    case 'product':
      return l.productId;
    case 'affiliate':
      return order.affiliateCode ?? '(none)';
    case 'city':
      return order.shippingAddress.city;
    case 'paymentMethod':
      return order.paymentMethod;
  }
}

function expected(by: SalesReportGrouping, from: string, to: string) {
  const rows = new Map<
    string,
    { orders: Set<string>; units: number; gross: number; discounts: number; refunds: number }
  >();
  const row = (key: string) => {
    let found = rows.get(key);
    if (!found) {
      found = { orders: new Set(), units: 0, gross: 0, discounts: 0, refunds: 0 };
      rows.set(key, found);
    }
    return found;
  };
  const kept = orders.filter((order) => order.orderId !== cancellation.orderId);
  for (const order of kept) {
    const day = dayOf[order.orderId]!;
    if (day < from || day > to) continue;
    const discounts = shareByWeight(
      order.discount,
      order.lines.map((l) => l.unitPrice * l.qty),
    );
    order.lines.forEach((l, index) => {
      const r = row(keyOf(by, day, order, l));
      r.orders.add(order.orderId);
      r.units += l.qty;
      r.gross += l.unitPrice * l.qty;
      r.discounts += discounts[index]!;
    });
  }
  for (const refund of refunds) {
    const day = dayOf[refund.returnId]!;
    if (day < from || day > to) continue;
    const order = kept.find((o) => o.orderId === refund.orderId)!;
    for (const item of refund.items) {
      const l = order.lines.find((candidate) => candidate.lineId === item.orderItemId)!;
      row(keyOf(by, day, order, l)).refunds += item.refund;
    }
  }
  return new Map(
    [...rows].map(([key, r]) => [
      key,
      {
        orders: r.orders.size,
        units: r.units,
        gross: r.gross / 100,
        discounts: r.discounts / 100,
        refunds: r.refunds / 100,
        net: (r.gross - r.discounts - r.refunds) / 100,
      },
    ]),
  );
}

describe('the sales facts read model', () => {
  const db = project();

  it.each(SALES_REPORT_GROUPINGS)(
    'answers by %s the sums of the events, net of refunds, without the cancelled',
    (by) => {
      const report = salesReport(db, { from: '2024-04-30', to: '2024-05-31', by });
      const found = new Map(
        report.rows
          .filter((r) => r.orders > 0 || r.refunds > 0)
          .map(({ key, orders, units, gross, discounts, refunds, net }) => [
            key,
            { orders, units, gross, discounts, refunds, net },
          ]),
      );
      expect(found).toEqual(expected(by, '2024-04-30', '2024-05-31'));
    },
  );

  it('totals count each order once, with the average order value of what was placed', () => {
    const { total } = salesReport(db, { from: '2024-04-30', to: '2024-05-31', by: 'category' });
    // a: 14,500 - 1,450; b: 12,000; d: 9,997 - 1,000. Refunds 3,600 + 1,799.
    expect(total).toEqual({
      key: 'total',
      label: 'Total',
      orders: 3,
      units: 10,
      gross: 364.97,
      discounts: 24.5,
      refunds: 53.99,
      net: 286.48,
      averageOrderValue: 113.49,
    });
  });

  it('zero-fills every day of the range by day, and dates a refund on the day it was paid', () => {
    const report = salesReport(db, { from: '2024-05-05', to: '2024-05-08', by: 'day' });
    expect(report.rows.map((r) => [r.label, r.orders, r.refunds])).toEqual([
      ['2024-05-05', 0, 0],
      ['2024-05-06', 1, 0],
      ['2024-05-07', 0, 53.99],
      ['2024-05-08', 0, 0],
    ]);
  });

  it('compares with the period of the same length just before', () => {
    const report = salesReport(db, { from: '2024-05-02', to: '2024-05-03', by: 'day' });
    // 30 April and 1 May: orders a and b.
    expect(report.previous).toMatchObject({ orders: 2, gross: 265 });
    expect(report.total).toMatchObject({ orders: 0, gross: 0 });
  });

  it('leaves out a key whose only order was cancelled', () => {
    const alone = anOrderPlaced({
      orderId: 'e',
      lines: [line('e1', 'mat', 'Yoga', 3_000, 1)],
      shippingAddress: address('Multan'),
      at: '2024-05-03T09:00:00.000Z',
    });
    const db = project();
    db.transaction(() => {
      salesProjector.apply(recorded('OrderPlaced', alone), db);
      salesProjector.apply(recorded('StatusChanged', aStatusChanged('e', 'Pending', 'Cancelled')), db);
    });
    const range = { from: '2024-04-30', to: '2024-05-31' };
    expect(salesReport(db, { ...range, by: 'city' }).rows.map((r) => r.key)).not.toContain('Multan');
    expect(salesReport(db, { ...range, by: 'category' }).rows.map((r) => r.key)).not.toContain('Yoga');
    expect(salesReport(db, { ...range, by: 'category' }).total.orders).toBe(3);
  });

  it('labels products by name and the orders without an affiliate', () => {
    const byProduct = salesReport(db, { from: '2024-04-30', to: '2024-05-31', by: 'product' });
    expect(byProduct.rows.find((r) => r.key === 'tee')?.label).toBe('Product tee');
    const byAffiliate = salesReport(db, { from: '2024-04-30', to: '2024-05-31', by: 'affiliate' });
    expect(byAffiliate.rows.map((r) => r.label).sort()).toEqual(['AYESHA10', 'No affiliate']);
  });
});
