import type { MailSettings } from '../../platform/config/mail-settings';
import type { Outbox } from '../../platform/reactors/outbox';
import { startOutbox } from '../../platform/reactors/outbox';
import type { OutboxDeps } from '../../platform/reactors/outbox-deps';
import { type MailChannelDeps, mailChannel } from './mail-channel';
import { folderTransport, smtpTransport } from './transport';

/** Starts this process's e-mail outbox: to the SMTP server when there is one, else into the outbox folder. */
export async function startMail(deps: OutboxDeps & MailChannelDeps, settings: MailSettings): Promise<Outbox> {
  const transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : folderTransport(settings.outboxDir);
  deps.logger.info('mail: sending', { through: transport.description, from: settings.from });
  return startOutbox(deps, mailChannel(deps, settings, transport), settings.timing);
}
