import { CalendarDay } from '@shop/contracts';
import { z } from 'zod';

/**
 * The admin lists' search params: filters, sort, search and the page's cursor live in the URL, so Back
 * and a shared link restore the screen. Anything malformed is dropped (the list's default), never an
 * error page; defaults are left out of the URL. The server validates the same values again.
 */

export const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim().slice(0, 100))
  .transform((value) => (value === '' ? undefined : value))
  .optional()
  .catch(undefined);

/** Opaque: a page the server answered; a tampered one gets a 400 that the screen shows. */
export const cursor = z.string().max(1_000).optional().catch(undefined);

/** The router reads `?paid=true` as a boolean; a hand-written link may say it as text. */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .optional()
  .catch(undefined);

export const day = CalendarDay.optional().catch(undefined);

/** `?a=1&b=x` of the values that are set, in a stable order (so equal searches share a cache key). */
export function queryString(params: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
