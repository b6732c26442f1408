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
// calendar day, in the shop's time zone, of the moment it was placed; a refund on the day it was made
// (paid), in every grouping, against its order's dimensions and the refunded lines' categories; a
// cancelled order, or a parcel refused at the door, does not count at all, nor its refunds.

export const SALES_GROUPINGS = SALES_REPORT_GROUPINGS;
export type SalesGrouping = SalesReportGrouping;

export interface SalesRow {
  /** A day (YYYY-MM-DD), ISO week (YYYY-Www), month (YYYY-MM), category, product id, affiliate code, city or method. */
  group: string;
  /** Orders placed in the group (an order with lines in two categories counts in both). */
  orders: number;
  /** The dashboard's figure: the orders' totals, shipping included (by line dimensions, shared by value). Minor units. */
  amount: number;
  /** Units sold. */
  units: number;
  /** Lines at their unit prices, minor units. */
  gross: number;
  /** The affiliate discount on those lines, minor units. */
  discounts: number;
  /** Refunds made in the group, minor units. */
  refunds: number;
  /** The sales report's net: gross less discounts less refunds (shipping is not a sale), minor units. */
  net: number;
}

/** The groups, and their total: every order in it counted once, however many groups it is in. */
export interface SalesReport {
  rows: SalesRow[];
  total: Omit<SalesRow, 'group'>;
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
      if (data.to === 'Cancelled' || data.to === 'Refused') this.#cancelled.add(data.orderId);
    } else if (event.type === 'ReturnRefunded') {
      const data = eventSchemas.ReturnRefunded.parse(event.data) as EventData<'ReturnRefunded'>;
      this.#orders.get(data.orderId)?.refunds.push({ day: calendarDay(data.at, this.timeZone), data });
    }
  }

  /**
   * Orders placed and refunds made on the days from `from` to `to` (inclusive, YYYY-MM-DD), grouped;
   * by day, week or month every period of the range has a row. The total counts each order once.
   */
  report(args: { from: string; to: string; by: SalesGrouping }): SalesReport {
    const rows = new Map<string, SalesRow>();
    const row = (group: string) => {
      let found = rows.get(group);
      if (!found) {
        found = { group, ...nothing() };
        rows.set(group, found);
      }
      return found;
    };
    const inRange = (day: string) => day >= args.from && day <= args.to;
    if (args.by === 'day' || args.by === 'week' || args.by === 'month') {
      for (const day of daysBetween(args.from, args.to)) row(groupOf(args.by, day, anyOrder, anyLine));
    }
    const counted = new Set<string>();
    for (const [orderId, { day, data, refunds }] of this.#orders) {
      if (this.#cancelled.has(orderId)) continue;
      if (inRange(day)) {
        counted.add(orderId);
        const groups = new Set<string>();
        const values = data.lines.map((line) => line.unitPrice * line.qty);
        const discounts = shareByWeight(data.discount, values);
        const amounts = shareByWeight(data.totalPrice, values);
        data.lines.forEach((line, index) => {
          const group = groupOf(args.by, day, data, line);
          const r = row(group);
          if (!groups.has(group)) r.orders += 1;
          groups.add(group);
          r.amount += amounts[index]!;
          r.units += line.qty;
          r.gross += values[index]!;
          r.discounts += discounts[index]!;
          r.net += values[index]! - discounts[index]!;
        });
      }
      for (const refund of refunds) {
        if (!inRange(refund.day)) continue;
        for (const item of refund.data.items) {
          const line = data.lines.find((candidate) => candidate.lineId === item.orderItemId);
          if (!line) continue;
          const r = row(groupOf(args.by, refund.day, data, { ...line, category: item.category }));
          r.refunds += item.refund;
          r.net -= item.refund;
        }
      }
    }
    const sorted = [...rows.values()].sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));
    const total = nothing();
    for (const r of sorted) {
      total.amount += r.amount;
      total.units += r.units;
      total.gross += r.gross;
      total.discounts += r.discounts;
      total.refunds += r.refunds;
      total.net += r.net;
    }
    total.orders = counted.size;
    return { rows: sorted, total };
  }
}

const nothing = (): Omit<SalesRow, 'group'> => ({
  orders: 0,
  amount: 0,
  units: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
  net: 0,
});

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
