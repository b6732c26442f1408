import { shopConfig } from '@shop/contracts';

const karachiTime = new Intl.DateTimeFormat(shopConfig.locale, {
  timeZone: shopConfig.timeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment as the messages name a deadline: `4 March 2025 at 3:00 pm (Pakistan time)`. */
export const pakistanTime = (iso: string): string => `${karachiTime.format(new Date(iso))} (Pakistan time)`;
