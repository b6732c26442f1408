import {
  type EventData,
  eventSchemas,
  type RecordedEvent,
  SALES_REPORT_GROUPINGS,
  type SalesReportGrouping,
  shareByWeight,
  shopConfig,
} from '@shop/contracts';
import { calendarDay, daysBetween, isoWeek } from '@shop/projections';

// Sales computed from the log itself, not the read models: the independent check of the dashboard
// (projections/src/metrics) and of the sales reports (projections/src/sales). An order counts on the
// calendar day, in the shop's time zone, of the moment it was placed; a refund on the day it was paid;
// a cancelled order does not count at all, nor its refunds.

export const SALES_GROUPINGS = SALES_REPORT_GROUPINGS;
export type SalesGrouping = SalesReportGrouping;

export interface SalesRow {
  /** A day (YYYY-MM-DD), ISO week (YYYY-Www), month (YYYY-MM), category, product id, affiliate code, city or method. */
  group: string;
  orders: number;
  /** The dashboard's figure: the orders' totals, shipping included (by line dimensions, shared by value). Minor units. */
  amount: number;
  /** Units sold. */
  units: number;
  /** Lines at their unit prices, minor units. */
  gross: number;
  /** The affiliate discount on those lines, minor units. */
  discounts: number;
  /** Refunds paid, minor units. */
  refunds: number;
}

type Line = EventData<'OrderPlaced'>['lines'][number];

interface PlacedOrder {
  day: string;
  data: EventData<'OrderPlaced'>;
  refunds: { day: string; data: EventData<'ReturnRefunded'> }[];
}

/** Folds the log's order events; feed it every event in position order, then ask for a report. */
export class SalesLedger {
  readonly #orders = new Map<string, PlacedOrder>();
  readonly #cancelled = new Set<string>();

  constructor(private readonly timeZone: string = shopConfig.timeZone) {}

  add(event: RecordedEvent): void {
    if (event.type === 'OrderPlaced') {
      const data = eventSchemas.OrderPlaced.parse(event.data) as EventData<'OrderPlaced'>;
      this.#orders.set(data.orderId, { day: calendarDay(data.at, this.timeZone), data, refunds: [] });
    } else if (event.type === 'StatusChanged') {
      const data = eventSchemas.StatusChanged.parse(event.data) as EventData<'StatusChanged'>;
      if (data.to === 'Cancelled') this.#cancelled.add(data.orderId);
    } else if (event.type === 'ReturnRefunded') {
      const data = eventSchemas.ReturnRefunded.parse(event.data) as EventData<'ReturnRefunded'>;
      this.#orders.get(data.orderId)?.refunds.push({ day: calendarDay(data.at, this.timeZone), data });
    }
  }

  /**
   * Orders placed and refunds paid on the days from `from` to `to` (inclusive, YYYY-MM-DD), grouped;
   * by day, week or month every period of the range has a row.
   */
  report(args: { from: string; to: string; by: SalesGrouping }): SalesRow[] {
    const rows = new Map<string, SalesRow>();
    const row = (group: string) => {
      let found = rows.get(group);
      if (!found) {
        found = { group, orders: 0, amount: 0, units: 0, gross: 0, discounts: 0, refunds: 0 };
        rows.set(group, found);
      }
      return found;
    };
    const inRange = (day: string) => day >= args.from && day <= args.to;
    if (args.by === 'day' || args.by === 'week' || args.by === 'month') {
      for (const day of daysBetween(args.from, args.to)) row(groupOf(args.by, day, anyOrder, anyLine));
    }
    for (const [orderId, { day, data, refunds }] of this.#orders) {
      if (this.#cancelled.has(orderId)) continue;
      if (inRange(day)) {
        const groups = new Set<string>();
        const discounts = shareByWeight(
          data.discount,
          data.lines.map((line) => line.unitPrice * line.qty),
        );
        const amounts = shareByWeight(
          data.totalPrice,
          data.lines.map((line) => line.unitPrice * line.qty),
        );
        data.lines.forEach((line, index) => {
          const group = groupOf(args.by, day, data, line);
          const r = row(group);
          if (!groups.has(group)) r.orders += 1;
          groups.add(group);
          r.amount += amounts[index]!;
          r.units += line.qty;
          r.gross += line.unitPrice * line.qty;
          r.discounts += discounts[index]!;
        });
      }
      for (const refund of refunds) {
        if (!inRange(refund.day)) continue;
        for (const item of refund.data.items) {
          const line = data.lines.find((candidate) => candidate.lineId === item.orderItemId);
          if (!line) continue;
          row(groupOf(args.by, refund.day, data, { ...line, category: item.category })).refunds +=
            item.refund;
        }
      }
    }
    return [...rows.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
  }
}

const anyLine = {} as Line;
const anyOrder = {} as EventData<'OrderPlaced'>;

function groupOf(by: SalesGrouping, day: string, data: EventData<'OrderPlaced'>, line: Line): string {
  switch (by) {
    case 'day':
      return day;
    case 'week':
      return isoWeek(day);
    case 'month':
      return day.slice(0, 7);
    case 'category':
      return line.category;
    case 'product':
      return line.productId;
    case 'affiliate':
      return data.affiliateCode ?? '(none)';
    case 'city':
      return data.shippingAddress.city;
    case 'paymentMethod':
      return data.paymentMethod;
  }
}
