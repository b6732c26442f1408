import { daysInRange, shopConfig } from '@shop/contracts';

const DAY_MS = 86_400_000;

/** A UTC day in a zone whose offset holds all day: the local day before and from `turnsAt`. */
interface SteadyDay {
  before: string;
  turnsAt: number;
  after: string;
}

/**
 * Per zone, per UTC day (days since the epoch): the local days it spans and when the one turns into
 * the other, or null on a day the zone's offset changes. Intl's formatToParts costs microseconds, and
 * a rebuild asks for the day of every order placed; this way a day is a comparison. The offset is the
 * same at both ends of a day only when it did not change in between: no zone changes it twice a day.
 */
const steadyDays = new Map<string, Map<number, SteadyDay | null>>();
const MAX_CACHED_DAYS = 4_096;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone; the shop's zone by default. */
export function calendarDay(at: string | Date, timeZone: string = shopConfig.timeZone): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const utcDay = Math.floor(ms / DAY_MS);
  let days = steadyDays.get(timeZone);
  if (!days) {
    days = new Map();
    steadyDays.set(timeZone, days);
  }
  let day = days.get(utcDay);
  if (day === undefined) {
    day = steadyDay(utcDay, timeZone);
    if (days.size >= MAX_CACHED_DAYS) days.clear();
    days.set(utcDay, day);
  }
  if (day) return ms < day.turnsAt ? day.before : day.after;
  return localDate(ms + offsetAt(ms, timeZone));
}

function steadyDay(utcDay: number, timeZone: string): SteadyDay | null {
  const start = utcDay * DAY_MS;
  const offset = offsetAt(start, timeZone);
  if (offset !== offsetAt(start + DAY_MS - 1, timeZone)) return null;
  // Local midnight falls within this UTC day: at the start of the next local day, less the offset.
  const turnsAt = Math.ceil((start + offset) / DAY_MS) * DAY_MS - offset;
  return { before: localDate(start + offset), turnsAt, after: localDate(turnsAt + offset) };
}

function localDate(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 10);
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

/** Every day from `from` to `to`, inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const count = daysInRange(from, to);
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

/**
 * The instant a calendar day (YYYY-MM-DD) begins in a time zone, as an ISO string: the first moment
 * `calendarDay` puts on that day. A day range `from`..`to` is the instants from `startOfDay(from)` up
 * to, not including, `startOfDay` of the day after `to`.
 */
export function startOfDay(day: string, timeZone: string = shopConfig.timeZone): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(year, month - 1, date);
  // The offset at local midnight: guess with the offset at UTC midnight, then correct once for a change between.
  let start = wallMidnight - offsetAt(wallMidnight, timeZone);
  start = wallMidnight - offsetAt(start, timeZone);
  return new Date(start).toISOString();
}

/** `2024-03-09 23:59:59`: an instant as a wall clock in a time zone reads it, to the second. */
export function localDateTime(at: string | Date, timeZone: string = shopConfig.timeZone): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}
