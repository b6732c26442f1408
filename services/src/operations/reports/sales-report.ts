import { type EventData, eventSchemas, type RecordedEvent, shopConfig } from '@shop/contracts';
import { calendarDay, daysEndingWith } from '@shop/projections';

// Sales computed from the log itself, not the read models, with the dashboard's definition
// (projections/src/metrics): an order counts with its totalPrice on the calendar day, in the shop's
// time zone, of the moment it was placed; a cancelled order does not count at all.

export const SALES_GROUPINGS = ['day', 'week', 'month', 'category', 'affiliate'] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

export interface SalesRow {
  /** A day (YYYY-MM-DD), ISO week (YYYY-Www), month (YYYY-MM), category, or affiliate code. */
  group: string;
  orders: number;
  /** Minor units. */
  amount: number;
}

interface PlacedOrder {
  day: string;
  data: EventData<'OrderPlaced'>;
}

/** Folds the log's order events; feed it every event in position order, then ask for a report. */
export class SalesLedger {
  readonly #orders = new Map<string, PlacedOrder>();
  readonly #cancelled = new Set<string>();

  constructor(private readonly timeZone: string = shopConfig.timeZone) {}

  add(event: RecordedEvent): void {
    if (event.type === 'OrderPlaced') {
      const data = eventSchemas.OrderPlaced.parse(event.data) as EventData<'OrderPlaced'>;
      this.#orders.set(data.orderId, { day: calendarDay(data.at, this.timeZone), data });
    } else if (event.type === 'StatusChanged') {
      const data = eventSchemas.StatusChanged.parse(event.data) as EventData<'StatusChanged'>;
      if (data.to === 'Cancelled') this.#cancelled.add(data.orderId);
    }
  }

  /** Orders placed on the days from `from` to `to` (inclusive, YYYY-MM-DD), grouped; days are zero-filled. */
  report(args: { from: string; to: string; by: SalesGrouping }): SalesRow[] {
    const rows = new Map<string, SalesRow>();
    const add = (group: string, orders: number, amount: number) => {
      const row = rows.get(group) ?? { group, orders: 0, amount: 0 };
      row.orders += orders;
      row.amount += amount;
      rows.set(group, row);
    };
    if (args.by === 'day') for (const day of daysBetween(args.from, args.to)) add(day, 0, 0);
    for (const [orderId, { day, data }] of this.#orders) {
      if (this.#cancelled.has(orderId) || day < args.from || day > args.to) continue;
      if (args.by === 'category') {
        for (const [category, amount] of allocateByCategory(data)) add(category, 1, amount);
      } else add(groupOf(args.by, day, data), 1, data.totalPrice);
    }
    return [...rows.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
  }
}

function groupOf(
  by: Exclude<SalesGrouping, 'category'>,
  day: string,
  data: EventData<'OrderPlaced'>,
): string {
  switch (by) {
    case 'day':
      return day;
    case 'week':
      return isoWeek(day);
    case 'month':
      return day.slice(0, 7);
    case 'affiliate':
      return data.affiliateCode ?? '(none)';
  }
}

/**
 * The order's total shared out over its lines' categories in proportion to their value, in whole
 * minor units (largest remainder), so the categories of an order add up to its total exactly.
 */
export function allocateByCategory(data: EventData<'OrderPlaced'>): Map<string, number> {
  const byCategory = new Map<string, number>();
  for (const line of data.lines) {
    byCategory.set(line.category, (byCategory.get(line.category) ?? 0) + line.unitPrice * line.qty);
  }
  const value = [...byCategory.values()].reduce((sum, v) => sum + v, 0);
  if (value === 0) return new Map([[data.lines[0]!.category, data.totalPrice]]);
  const shares = [...byCategory].map(([category, v]) => {
    const exact = (data.totalPrice * v) / value;
    return { category, amount: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = data.totalPrice - shares.reduce((sum, s) => sum + s.amount, 0);
  for (const share of [...shares].sort(
    (a, b) => b.remainder - a.remainder || (a.category < b.category ? -1 : 1),
  )) {
    if (left <= 0) break;
    share.amount += 1;
    left -= 1;
  }
  return new Map(shares.map((s) => [s.category, s.amount]));
}
