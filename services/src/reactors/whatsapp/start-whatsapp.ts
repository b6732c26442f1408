import type { CodSettings } from '../../platform/config/cod-settings';
import type { WhatsAppSettings } from '../../platform/config/whatsapp-settings';
import type { Outbox } from '../../platform/reactors/outbox';
import { startOutbox } from '../../platform/reactors/outbox';
import type { OutboxDeps } from '../../platform/reactors/outbox-deps';
import { confirmationToken } from '../../slices/orders/cash-on-delivery/confirmation-link';
import { whatsAppChannel } from './whatsapp-channel';

/** Starts this process's WhatsApp outbox, sending through the Cloud API. */
export async function startWhatsApp(
  deps: OutboxDeps & { signingKey: Uint8Array; cod: Pick<CodSettings, 'confirmationWindowMs'> },
  settings: WhatsAppSettings,
): Promise<Outbox> {
  deps.logger.info('whatsapp: sending', { through: settings.apiUrl, phoneNumberId: settings.phoneNumberId });
  const channel = whatsAppChannel(
    {
      store: deps.store,
      logger: deps.logger,
      cod: deps.cod,
      confirmationToken: (orderId, expiresAt) =>
        confirmationToken({ signingKey: deps.signingKey, clock: deps.clock }, orderId, expiresAt),
    },
    settings,
  );
  return startOutbox(deps, channel, settings.timing);
}
