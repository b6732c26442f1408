import type { OutboxTiming } from '../reactors/outbox-deps';
import type { Config } from './config';

/** How the shop sends WhatsApp messages, from the WHATSAPP_* variables. */
export interface WhatsAppSettings {
  /** The Graph API's base, e.g. `https://graph.facebook.com/v21.0`. */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** The templates' language code, e.g. `en`. */
  language: string;
  /** The registered template of each message (docs/operations.md). */
  templates: { confirmation: string; reminder: string; dispatched: string };
  /** How long one call to the API may take; default 15 s, well within an outbox lease. */
  requestTimeoutMs?: number;
  /** The outbox's pace; the defaults suit a shop, tests shorten them. */
  timing?: OutboxTiming;
}

/** The WhatsApp settings of a configuration; undefined (the channel is off) without a token and sender. */
export function whatsAppSettingsFrom(config: Config): WhatsAppSettings | undefined {
  if (!config.WHATSAPP_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID) return undefined;
  return {
    apiUrl: config.WHATSAPP_API_URL,
    phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    token: config.WHATSAPP_TOKEN,
    language: config.WHATSAPP_LANGUAGE,
    templates: {
      confirmation: config.WHATSAPP_TEMPLATE_CONFIRMATION,
      reminder: config.WHATSAPP_TEMPLATE_REMINDER,
      dispatched: config.WHATSAPP_TEMPLATE_DISPATCHED,
    },
  };
}
