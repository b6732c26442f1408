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
