import { describe, expect, it } from 'vitest';
import {
  ALREADY_REVIEWED_MESSAGE,
  type BoughtLine,
  isDeliveredAndKept,
  lineToReview,
  NOT_A_BUYER_MESSAGE,
  reviewableLines,
} from './eligibility';

const aLine = (overrides: Partial<BoughtLine> = {}): BoughtLine => ({
  orderId: 'o1',
  lineId: 'l1',
  reference: 'AB-234567',
  productId: 'p1',
  name: 'Tee',
  size: 'MD',
  status: 'Delivered',
  deliveredAt: '2024-05-03T10:00:00.000Z',
  qty: 2,
  refundedQty: 0,
  ...overrides,
});
const none = new Set<string>();

describe('a line she has: delivered and kept', () => {
  it('is delivered with fewer units refunded than bought', () => {
    expect(isDeliveredAndKept(aLine())).toBe(true);
    expect(isDeliveredAndKept(aLine({ refundedQty: 1 }))).toBe(true);
    expect(isDeliveredAndKept(aLine({ refundedQty: 2 }))).toBe(false);
    expect(isDeliveredAndKept(aLine({ refundedQty: 3 }))).toBe(false);
  });

  it('is no line of an order in any other status', () => {
    for (const status of [
      'Pending',
      'Paid',
      'Processing',
      'Shipped',
      'Dispatched',
      'Cancelled',
      'Refused',
    ] as const) {
      expect([status, isDeliveredAndKept(aLine({ status }))]).toEqual([status, false]);
    }
  });
});

describe('the lines she may still review', () => {
  it('are her delivered, kept, unreviewed lines of that product, oldest delivery first', () => {
    const lines = [
      aLine({ lineId: 'late', deliveredAt: '2024-05-09T00:00:00.000Z' }),
      aLine({ lineId: 'other-product', productId: 'p2' }),
      aLine({ lineId: 'early', deliveredAt: '2024-05-01T00:00:00.000Z' }),
      aLine({ lineId: 'reviewed' }),
      aLine({ lineId: 'refunded', refundedQty: 2 }),
      aLine({ lineId: 'pending', status: 'Pending', deliveredAt: null }),
    ];
    expect(reviewableLines(lines, 'p1', new Set(['reviewed'])).map((l) => l.lineId)).toEqual([
      'early',
      'late',
    ]);
    expect(reviewableLines(lines, 'p3', none)).toEqual([]);
  });

  it('sorts a line without a delivery date first, and keeps equal dates in their order', () => {
    const lines = [
      aLine({ lineId: 'b' }),
      aLine({ lineId: 'undated', deliveredAt: null }),
      aLine({ lineId: 'c' }),
    ];
    expect(reviewableLines(lines, 'p1', none).map((l) => l.lineId)).toEqual(['undated', 'b', 'c']);
  });
});

describe('the line a new review is for', () => {
  it('is her oldest unreviewed delivered line of the product', () => {
    const lines = [
      aLine({ lineId: 'l2', deliveredAt: '2024-05-05T00:00:00.000Z' }),
      aLine({ lineId: 'l1', deliveredAt: '2024-05-04T00:00:00.000Z' }),
    ];
    expect(lineToReview({ lines, productId: 'p1', reviewedLineIds: none })).toEqual({
      kind: 'line',
      line: lines[1],
    });
    expect(lineToReview({ lines, productId: 'p1', reviewedLineIds: new Set(['l1']) })).toEqual({
      kind: 'line',
      line: lines[0],
    });
  });

  it('is the one she named, when it is hers and delivered', () => {
    const lines = [aLine({ orderId: 'o1', lineId: 'l1' }), aLine({ orderId: 'o2', lineId: 'l2' })];
    const named = (orderId?: string, lineId?: string) =>
      lineToReview({ lines, productId: 'p1', reviewedLineIds: none, orderId, lineId });
    expect(named('o2')).toEqual({ kind: 'line', line: lines[1] });
    expect(named(undefined, 'l2')).toEqual({ kind: 'line', line: lines[1] });
    expect(named('o2', 'l2')).toEqual({ kind: 'line', line: lines[1] });
    expect(named('o1', 'l2')).toEqual({ kind: 'not-a-buyer' });
    expect(named('someone-elses')).toEqual({ kind: 'not-a-buyer' });
    expect(named(undefined, 'someone-elses')).toEqual({ kind: 'not-a-buyer' });
  });

  it('is none for someone who never had it delivered and kept: not a buyer', () => {
    expect(lineToReview({ lines: [], productId: 'p1', reviewedLineIds: none })).toEqual({
      kind: 'not-a-buyer',
    });
    for (const line of [
      aLine({ productId: 'p2' }),
      aLine({ status: 'Dispatched' }),
      aLine({ refundedQty: 2 }),
    ]) {
      expect(lineToReview({ lines: [line], productId: 'p1', reviewedLineIds: none })).toEqual({
        kind: 'not-a-buyer',
      });
    }
  });

  it('is none once every such line has its review: already reviewed', () => {
    const lines = [aLine({ lineId: 'l1' }), aLine({ lineId: 'l2' })];
    expect(lineToReview({ lines, productId: 'p1', reviewedLineIds: new Set(['l1', 'l2']) })).toEqual({
      kind: 'already-reviewed',
    });
  });

  it('says why in words a shopper understands', () => {
    expect(NOT_A_BUYER_MESSAGE).toMatch(/^Only a buyer can review this product/);
    expect(ALREADY_REVIEWED_MESSAGE).toMatch(/edit your review/);
  });
});
