import { join } from 'node:path';
import type { OutboxTiming } from '../reactors/outbox-deps';
import { type Config, publicUrlOf } from './config';

/** How the shop sends e-mail, from SMTP_URL, MAIL_FROM and PUBLIC_URL. */
export interface MailSettings {
  /** `smtp://` or `smtps://` with user and password; without it, `.eml` files go to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  /** What links in messages start with, without a trailing slash. */
  publicUrl: string;
  outboxDir: string;
  /** The outbox's pace; the defaults suit a shop, tests shorten them. */
  timing?: OutboxTiming;
}

/** The outbox folder inside DATA_DIR. */
export const outboxFolder = (dataDir: string): string => join(dataDir, 'outbox');

/**
 * The mail settings of a configuration. Without PUBLIC_URL links point at this machine's port (fine
 * on a laptop; the start-up log warns); without MAIL_FROM (allowed only without SMTP_URL) the shop
 * sends as no-reply at that host.
 */
export function mailSettingsFrom(config: Config): MailSettings {
  const publicUrl = publicUrlOf(config);
  return {
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
    from: config.MAIL_FROM ?? `${config.SHOP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    outboxDir: outboxFolder(config.DATA_DIR),
  };
}
