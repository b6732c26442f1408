import {
  addDays,
  CalendarDay,
  daysInRange,
  MAX_REPORT_DAYS,
  SALES_REPORT_GROUPINGS,
  shopConfig,
} from '@shop/contracts';
import { z } from 'zod';

const karachiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: shopConfig.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the shop's time zone, YYYY-MM-DD. */
export const shopToday = (now: Date = new Date()): string => karachiDay.format(now);

/** The quick picks of the range: each a from and to, ending today or last month. */
export function quickRanges(today: string): { label: string; from: string; to: string }[] {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  return [
    { label: 'Last 7 days', from: addDays(today, -6), to: today },
    { label: 'Last 30 days', from: addDays(today, -29), to: today },
    { label: 'Last 90 days', from: addDays(today, -89), to: today },
    { label: 'This month', from: firstOfMonth, to: today },
    { label: 'Last month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
}

/**
 * `/admin/reports`' search params: the range (Karachi days), the grouping and the optional moment,
 * so a reload or a shared link shows the same report. Anything unreadable falls back to the last
 * 30 days by day.
 */
export const ReportsSearch = z
  .object({
    from: CalendarDay.optional().catch(undefined),
    to: CalendarDay.optional().catch(undefined),
    by: z.enum(SALES_REPORT_GROUPINGS).optional().catch(undefined),
    asOf: z.iso.datetime({ offset: true }).optional().catch(undefined),
  })
  .transform((search) => {
    const today = shopToday();
    const to = search.to ?? today;
    let from = search.from ?? addDays(to, -29);
    if (from > to || daysInRange(from, to) > MAX_REPORT_DAYS) from = addDays(to, -29);
    return { from, to, by: search.by ?? 'day', ...(search.asOf ? { asOf: search.asOf } : {}) };
  });
export type ReportsSearch = z.output<typeof ReportsSearch>;
