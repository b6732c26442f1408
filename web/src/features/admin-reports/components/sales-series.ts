import { type SalesPoint, shopConfig } from '@shop/contracts';

/** The metrics' sales list as uPlot's aligned columns: days (unix seconds), amounts, order counts. */
export interface SalesSeries {
  days: number[];
  amounts: number[];
  orders: number[];
}

/** `YYYY-MM-DD` (a calendar day in the shop's time zone) as unix seconds at midnight UTC. */
export function dayToUnixSeconds(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) / 1000;
}

/**
 * Sorts the points by day. `amount` is the sales figure; `salesUSD` (the original contract's name for
 * the same number) is the fallback for a server that sends only that.
 */
export function toSalesSeries(sales: readonly SalesPoint[]): SalesSeries {
  const sorted = [...sales].sort((a, b) => a.date.localeCompare(b.date));
  return {
    days: sorted.map((point) => dayToUnixSeconds(point.date)),
    amounts: sorted.map((point) => point.amount ?? point.salesPKR ?? point.salesUSD),
    orders: sorted.map((point) => point.orders ?? 0),
  };
}

// Days are stored as UTC midnights (see dayToUnixSeconds), so they are formatted in UTC, not local time.
const dayLabel = new Intl.DateTimeFormat(shopConfig.locale, {
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});
const fullDay = new Intl.DateTimeFormat(shopConfig.locale, { dateStyle: 'medium', timeZone: 'UTC' });
const compact = new Intl.NumberFormat(shopConfig.locale, { notation: 'compact', maximumFractionDigits: 1 });

/** `04 Mar`: a tick on the day axis. */
export const formatDayTick = (unixSeconds: number): string => dayLabel.format(new Date(unixSeconds * 1000));

/** `04-Mar-2025`: the day in the legend and the data table. */
export const formatDay = (unixSeconds: number): string => fullDay.format(new Date(unixSeconds * 1000));

/**
 * `125K`: a tick on the amount axis, whose label names the currency. Ticks are scale marks, not
 * amounts, so they are compact; every amount shown as a value goes through formatMoney.
 */
export const formatAmountTick = (value: number): string => compact.format(value);
