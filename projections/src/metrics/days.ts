import { shopConfig } from '@shop/contracts';

const DAY_MS = 86_400_000;

/**
 * Per zone and UTC day (days since the epoch), the zone's offset that whole day, or null on a day the
 * offset changes. Intl's formatToParts costs microseconds, and a rebuild asks for the day of every
 * order placed; with the offset, a day is arithmetic. The offset is the same at both ends of a day
 * only when it did not change in between: no zone changes its offset twice within one day.
 */
const offsetsByUtcDay = new Map<string, number | null>();
const MAX_CACHED_DAYS = 4_096;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone; the shop's zone by default. */
export function calendarDay(at: string | Date, timeZone: string = shopConfig.timeZone): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const utcDay = Math.floor(ms / DAY_MS);
  const key = `${timeZone} ${utcDay}`;
  let offset = offsetsByUtcDay.get(key);
  if (offset === undefined) {
    const first = offsetAt(utcDay * DAY_MS, timeZone);
    offset = first === offsetAt((utcDay + 1) * DAY_MS - 1, timeZone) ? first : null;
    if (offsetsByUtcDay.size >= MAX_CACHED_DAYS) offsetsByUtcDay.clear();
    offsetsByUtcDay.set(key, offset);
  }
  const local = ms + (offset ?? offsetAt(ms, timeZone));
  return new Date(local).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(ms: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - (ms - (((ms % 1_000) + 1_000) % 1_000));
}

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - i))).toISOString().slice(0, 10),
  );
}
