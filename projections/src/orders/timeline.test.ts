import { describe, expect, it } from 'vitest';
import { buildTimeline, type TimelineSource } from './timeline';

const placedAt = '2024-05-01T10:00:00.000Z';
const t = (h: number) => `2024-05-0${h}T12:00:00.000Z`;
const order = (overrides: Partial<TimelineSource>): TimelineSource => ({
  status: 'Pending',
  createdAt: placedAt,
  paidAt: null,
  deliveredAt: null,
  changes: [],
  ...overrides,
});
const summary = (source: TimelineSource) => buildTimeline(source).map((s) => [s.key, s.state, s.at]);

describe('the tracking timeline', () => {
  it('for a new order: placed, processing to come', () => {
    expect(summary(order({}))).toEqual([
      ['placed', 'done', placedAt],
      ['processing', 'upcoming', null],
    ]);
  });

  it('while processing after payment: processing is current, with the time it started', () => {
    const source = order({
      status: 'Processing',
      paidAt: t(2),
      changes: [
        { to: 'Paid', at: t(2) },
        { to: 'Processing', at: t(3) },
      ],
    });
    expect(summary(source)).toEqual([
      ['placed', 'done', placedAt],
      ['paid', 'done', t(2)],
      ['processing', 'current', t(3)],
    ]);
  });

  it('once delivered: dispatched and delivered with their times; never the processing it skipped', () => {
    const source = order({
      status: 'Delivered',
      paidAt: t(5),
      deliveredAt: t(5),
      changes: [
        { to: 'Dispatched', at: t(4) },
        { to: 'Delivered', at: t(5) },
      ],
    });
    expect(summary(source)).toEqual([
      ['placed', 'done', placedAt],
      ['paid', 'done', t(5)],
      ['shipped', 'done', t(4)],
      ['delivered', 'done', t(5)],
    ]);
  });

  it('when cancelled: no processing step, a cancelled step at the time of cancelling', () => {
    expect(summary(order({ status: 'Cancelled', changes: [{ to: 'Cancelled', at: t(2) }] }))).toEqual([
      ['placed', 'done', placedAt],
      ['cancelled', 'done', t(2)],
    ]);
  });

  it('while dispatched: shipped is current and says dispatched', () => {
    const steps = buildTimeline(order({ status: 'Dispatched', changes: [{ to: 'Dispatched', at: t(3) }] }));
    expect(steps.at(-1)).toMatchObject({
      key: 'shipped',
      label: 'Dispatched',
      state: 'current',
      description: 'Your order has been dispatched',
    });
  });

  it('keeps a processing step that happened, cancelled or shipped since', () => {
    const processed = { to: 'Processing' as const, at: t(2) };
    expect(
      summary(order({ status: 'Cancelled', changes: [processed, { to: 'Cancelled', at: t(3) }] })),
    ).toEqual([
      ['placed', 'done', placedAt],
      ['processing', 'done', t(2)],
      ['cancelled', 'done', t(3)],
    ]);
    const shipped = buildTimeline(
      order({ status: 'Shipped', changes: [processed, { to: 'Shipped', at: t(3) }] }),
    );
    expect(shipped.map((step) => [step.key, step.label, step.state])).toEqual([
      ['placed', 'Order Placed', 'done'],
      ['processing', 'Processing Order', 'done'],
      ['shipped', 'Shipped', 'current'],
    ]);
  });
});
