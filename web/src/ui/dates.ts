import { shopConfig } from '@shop/contracts';

const dateOnly = new Intl.DateTimeFormat(shopConfig.locale, {
  dateStyle: 'medium',
  timeZone: shopConfig.timeZone,
});

/** A moment's day in the shop's locale (en-PK) and time zone, e.g. `04-Mar-2025`; '' when unknown. */
export function formatShopDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

const dateAndTime = new Intl.DateTimeFormat(shopConfig.locale, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: shopConfig.timeZone,
});

/** A moment's day and time in the shop's locale and time zone, e.g. `04-Mar-2025, 3:00 pm`. */
export const formatShopDateTime = (iso: string) => dateAndTime.format(new Date(iso));
