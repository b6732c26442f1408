import { shopConfig } from '@shop/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Days by zone and UTC minute: every zone's offset has been a whole number of minutes for a century, so
 * all instants of one minute fall on one day. Intl's formatToParts costs microseconds, and a rebuild
 * asks for the day of every order placed.
 */
const daysByMinute = new Map<string, string>();
const MAX_CACHED_MINUTES = 4_096;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone; the shop's zone by default. */
export function calendarDay(at: string | Date, timeZone: string = shopConfig.timeZone): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const key = `${timeZone} ${Math.floor(instant.getTime() / 60_000)}`;
  const cached = daysByMinute.get(key);
  if (cached !== undefined) return cached;
  const day = formatDay(instant, timeZone);
  if (daysByMinute.size >= MAX_CACHED_MINUTES) daysByMinute.clear();
  daysByMinute.set(key, day);
  return day;
}

function formatDay(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - i))).toISOString().slice(0, 10),
  );
}
