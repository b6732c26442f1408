import { type EventData, eventSchemas, type RecordedEvent, shareByWeight, shopConfig } from '@shop/contracts';
import { calendarDay, daysEndingWith } from '@shop/projections';

// Sales computed from the log itself, not the read models, with the dashboard's definition
// (projections/src/metrics): an order counts with its totalPrice on the calendar day, in the shop's
// time zone, of the moment it was placed; a cancelled order does not count at all; a refund counts
// against the day it was made (and the order's affiliate, the refunded lines' categories).

export const SALES_GROUPINGS = ['day', 'week', 'month', 'category', 'affiliate'] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

export interface SalesRow {
  /** A day (YYYY-MM-DD), ISO week (YYYY-Www), month (YYYY-MM), category, or affiliate code. */
  group: string;
  /** Orders placed in the group (an order with lines in two categories counts in both). */
  orders: number;
  /** Minor units: the totals of those orders. */
  amount: number;
  /** Minor units: refunds made in the group. */
  refunds: number;
  /** Minor units: amount less refunds. */
  net: number;
}

/** The groups, and their total: every order in it counted once, however many groups it is in. */
export interface SalesReport {
  rows: SalesRow[];
  total: Omit<SalesRow, 'group'>;
}

interface PlacedOrder {
  day: string;
  data: EventData<'OrderPlaced'>;
}

interface Refund {
  day: string;
  data: EventData<'ReturnRefunded'>;
}

/** Folds the log's order events; feed it every event in position order, then ask for a report. */
export class SalesLedger {
  readonly #orders = new Map<string, PlacedOrder>();
  readonly #cancelled = new Set<string>();
  readonly #refunds: Refund[] = [];

  constructor(private readonly timeZone: string = shopConfig.timeZone) {}

  add(event: RecordedEvent): void {
    if (event.type === 'OrderPlaced') {
      const data = eventSchemas.OrderPlaced.parse(event.data) as EventData<'OrderPlaced'>;
      this.#orders.set(data.orderId, { day: calendarDay(data.at, this.timeZone), data });
    } else if (event.type === 'StatusChanged') {
      const data = eventSchemas.StatusChanged.parse(event.data) as EventData<'StatusChanged'>;
      if (data.to === 'Cancelled') this.#cancelled.add(data.orderId);
    } else if (event.type === 'ReturnRefunded') {
      const data = eventSchemas.ReturnRefunded.parse(event.data) as EventData<'ReturnRefunded'>;
      this.#refunds.push({ day: calendarDay(data.at, this.timeZone), data });
    }
  }

  /**
   * Orders placed and refunds made on the days from `from` to `to` (inclusive, YYYY-MM-DD), grouped;
   * days are zero-filled.
   */
  report(args: { from: string; to: string; by: SalesGrouping }): SalesReport {
    const rows = new Map<string, SalesRow>();
    const add = (group: string, change: Pick<SalesRow, 'orders' | 'amount' | 'refunds'>) => {
      const row = rows.get(group) ?? { group, orders: 0, amount: 0, refunds: 0, net: 0 };
      row.orders += change.orders;
      row.amount += change.amount;
      row.refunds += change.refunds;
      row.net = row.amount - row.refunds;
      rows.set(group, row);
    };
    const inRange = (day: string) => day >= args.from && day <= args.to;
    if (args.by === 'day') for (const day of daysBetween(args.from, args.to)) add(day, NOTHING);
    const counted = new Set<string>();
    for (const [orderId, { day, data }] of this.#orders) {
      if (this.#cancelled.has(orderId) || !inRange(day)) continue;
      counted.add(orderId);
      if (args.by === 'category') {
        for (const [category, amount] of allocateByCategory(data))
          add(category, { ...NOTHING, orders: 1, amount });
      } else
        add(groupOf(args.by, day, data.affiliateCode), { ...NOTHING, orders: 1, amount: data.totalPrice });
    }
    for (const { day, data } of this.#refunds) {
      const order = this.#orders.get(data.orderId);
      if (!order || !inRange(day)) continue;
      if (args.by === 'category') {
        for (const item of data.items) add(item.category, { ...NOTHING, refunds: item.refund });
      } else add(groupOf(args.by, day, order.data.affiliateCode), { ...NOTHING, refunds: data.amount });
    }
    const sorted = [...rows.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
    const amount = sorted.reduce((sum, row) => sum + row.amount, 0);
    const refunds = sorted.reduce((sum, row) => sum + row.refunds, 0);
    return { rows: sorted, total: { orders: counted.size, amount, refunds, net: amount - refunds } };
  }
}

const NOTHING = { orders: 0, amount: 0, refunds: 0 };

function groupOf(by: Exclude<SalesGrouping, 'category'>, day: string, affiliateCode: string | null): string {
  switch (by) {
    case 'day':
      return day;
    case 'week':
      return isoWeek(day);
    case 'month':
      return day.slice(0, 7);
    case 'affiliate':
      return affiliateCode ?? '(none)';
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
  const shares = shareByWeight(data.totalPrice, [...byCategory.values()]);
  return new Map([...byCategory.keys()].map((category, index) => [category, shares[index] ?? 0]));
}

/** Every day from `from` to `to`, inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const count =
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return count > 0 ? daysEndingWith(to, count) : [];
}

/** The ISO 8601 week of a calendar day: YYYY-Www, weeks starting on Monday. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of this week decides its year
  const year = date.getUTCFullYear();
  const january4 = new Date(Date.UTC(year, 0, 4));
  const days = (date.getTime() - january4.getTime()) / 86_400_000;
  const week = 1 + Math.round((days - 3 + ((january4.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}
