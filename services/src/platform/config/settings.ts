import type { ShopInfo } from '@shop/contracts';
import { TrustedProxies } from '../http/client-address';
import { type CodSettings, codSettingsFrom } from './cod-settings';
import { type Config, uploadsDirOf } from './config';
import { type CourierSettings, courierSettingsFrom } from './courier-settings';
import { type MailSettings, mailSettingsFrom } from './mail-settings';
import { type PaymentSettings, paymentSettingsFrom } from './payment-settings';
import { placeholderWarnings, shopInfoFrom } from './shop-info';
import { type WhatsAppSettings, whatsAppSettingsFrom } from './whatsapp-settings';

/** Every setting the shop runs with that its configuration decides. */
export interface ShopSettings {
  dataDir: string;
  /** Uploaded pictures: UPLOADS_DIR, else DATA_DIR/uploads. Several instances may share one folder. */
  uploadsDir: string;
  durability: Config['DURABILITY'];
  /** Reverse proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  /** PUBLIC_URL, the start of every absolute link (link previews, sitemap); unset: the request's origin. */
  publicUrl?: string;
  /** What the shop publishes about itself at GET /api/shop, and signs its pages and messages with. */
  shopInfo: ShopInfo;
  /** Configured details that look like placeholders, for the start-up log and the admin dashboard. */
  configWarnings: readonly string[];
  /** COD_CONFIRMATION_WINDOW and COD_REFUSAL_LIMIT. */
  cod: CodSettings;
  /** JazzCash (null: off) and when pending payments are asked about. */
  payments: PaymentSettings;
  /** Sends e-mail as the log says (SMTP or the outbox folder); omitted: no e-mail (API tests, the CLI). */
  mail?: MailSettings;
  /** Sends WhatsApp messages through the Cloud API; omitted: none (the channel is off). */
  whatsapp?: WhatsAppSettings;
  /** The couriers configured (POSTEX_*, TRAX_*); each left out is off. */
  couriers: CourierSettings;
}

/**
 * The one pass from the validated configuration to the settings: every default comes from the
 * configuration's schema (loadConfig), none is written again here. E-mail is always on (SMTP, else
 * .eml files in the outbox folder); WhatsApp only with a token and a sender.
 */
export function settingsFrom(config: Config): ShopSettings & { mail: MailSettings } {
  const whatsapp = whatsAppSettingsFrom(config);
  return {
    dataDir: config.DATA_DIR,
    uploadsDir: uploadsDirOf(config),
    durability: config.DURABILITY,
    trustedProxies: TrustedProxies.parse(config.TRUSTED_PROXIES),
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    shopInfo: shopInfoFrom(config),
    configWarnings: placeholderWarnings(config),
    cod: codSettingsFrom(config),
    payments: paymentSettingsFrom(config),
    mail: mailSettingsFrom(config),
    couriers: courierSettingsFrom(config),
    ...(whatsapp ? { whatsapp } : {}),
  };
}
