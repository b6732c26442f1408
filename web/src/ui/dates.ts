import { shopConfig } from '@shop/contracts';

const dateTime = new Intl.DateTimeFormat(shopConfig.locale, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: shopConfig.timeZone,
});

const dateOnly = new Intl.DateTimeFormat(shopConfig.locale, {
  dateStyle: 'medium',
  timeZone: shopConfig.timeZone,
});

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `04-Mar-2025, 3:05 pm`: a moment in the shop's locale (en-PK) and time zone; `unknown` when missing. */
export function formatDateTime(iso: string | null | undefined, unknown = '—'): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : unknown;
}

/** `04-Mar-2025`: the day of a moment in the shop's locale and time zone; `unknown` when missing. */
export function formatDate(iso: string | null | undefined, unknown = '—'): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : unknown;
}
