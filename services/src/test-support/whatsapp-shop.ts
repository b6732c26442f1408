import { loadConfig } from '../platform/config/config';
import { type WhatsAppSettings, whatsAppSettingsFrom } from '../platform/config/whatsapp-settings';
import { CloudApiServer, type RegisteredTemplate } from './cloud-api-server';

/** The test shops' sender and token at the local Cloud API. */
export const TEST_WHATSAPP = {
  token: 'EAAG-test-cloud-api-token-0123456789',
  phoneNumberId: '106540352242922',
} as const;

/** The templates docs/operations.md tells a shop to register, under their default names. */
export const REGISTERED_TEMPLATES: Readonly<Record<string, RegisteredTemplate>> = {
  order_confirmation_request: { bodyParameters: 3, urlButton: true },
  order_confirmation_reminder: { bodyParameters: 3, urlButton: true },
  order_dispatched: { bodyParameters: 2, urlButton: true },
};

/** A local Cloud API that knows the test sender, its token and the registered templates. */
export function startCloudApi(notOnWhatsApp: readonly string[] = []): Promise<CloudApiServer> {
  return CloudApiServer.start({ ...TEST_WHATSAPP, templates: REGISTERED_TEMPLATES, notOnWhatsApp });
}

/** The environment that points a shop's WhatsApp channel at the local Cloud API. */
export function whatsAppEnv(api: CloudApiServer): Record<string, string> {
  return {
    WHATSAPP_TOKEN: TEST_WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: TEST_WHATSAPP.phoneNumberId,
    WHATSAPP_API_URL: api.url,
  };
}

/**
 * The WhatsApp settings a shop configured with `whatsAppEnv` has (default template names and
 * language), with a quick outbox: it polls often; the test's clock decides when retries come.
 */
export function testWhatsAppSettings(
  api: CloudApiServer,
  env: Record<string, string> = {},
): WhatsAppSettings {
  const settings = whatsAppSettingsFrom(loadConfig({ ...whatsAppEnv(api), ...env }));
  if (!settings) throw new Error('WhatsApp settings need a token and a phone number ID');
  return {
    ...settings,
    requestTimeoutMs: 5_000,
    timing: {
      pollMs: 25,
      leaseMs: 60_000,
      concurrency: 4,
      retry: { firstDelayMs: 30_000, maxDelayMs: 10 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 },
    },
  };
}
