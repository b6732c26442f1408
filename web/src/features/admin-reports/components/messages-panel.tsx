import type { ChannelMessages, MessageChannel, MessageDelivery } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { ErrorPanel, LoadingState } from '../../../ui/admin/states';
import { formatDateTime } from '../../../ui/dates';
import { adminMessagesQuery } from '../api/dashboard';

const CHANNELS: Readonly<Record<MessageChannel, { title: string; message: string; server: string }>> = {
  email: { title: 'E-mail', message: 'e-mail', server: 'the mail server' },
  whatsapp: { title: 'WhatsApp', message: 'WhatsApp message', server: 'the WhatsApp Cloud API' },
};

const DELIVERY: Readonly<Record<MessageChannel, Readonly<Partial<Record<MessageDelivery, string>>>>> = {
  email: {
    smtp: 'Sent through the mail server (SMTP_URL).',
    folder: 'Written as .eml files to the outbox folder: SMTP_URL is not set, so nothing reaches customers.',
    off: 'This shop process sends no e-mail.',
  },
  whatsapp: {
    'cloud-api': 'Sent through the WhatsApp Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID).',
    off: 'Off: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set, so this shop process sends no WhatsApp messages.',
  },
};

/**
 * The dashboard's messages panel: per channel, how this shop sends, and the messages sent, waiting,
 * failed and withdrawn as no longer needed.
 */
export function MessagesPanel() {
  const messages = useQuery(adminMessagesQuery());
  if (messages.isError) {
    return (
      <ErrorPanel
        title="The messages' status could not be loaded"
        message={errorMessage(messages.error)}
        retrying={messages.isFetching}
        onRetry={() => void messages.refetch()}
      />
    );
  }
  if (!messages.data) return <LoadingState label="Loading the messages' status…" />;
  return messages.data.channels.map((channel) => <ChannelCounts key={channel.channel} channel={channel} />);
}

function ChannelCounts({ channel }: { channel: ChannelMessages }) {
  const { title, message, server } = CHANNELS[channel.channel];
  const titleId = `admin-messages-${channel.channel}`;
  const counts = [
    { key: 'sent', label: 'Sent', value: channel.sent },
    { key: 'waiting', label: 'Waiting', value: channel.waiting },
    { key: 'failed', label: 'Failed', value: channel.failed },
    { key: 'withdrawn', label: 'Not needed', value: channel.withdrawn },
  ] as const;
  return (
    <section aria-labelledby={titleId} className="admin-messages__channel">
      <h3 id={titleId}>{title}</h3>
      <p className="muted">{DELIVERY[channel.channel][channel.delivery] ?? channel.delivery}</p>
      <dl className="admin-counters">
        {counts.map(({ key, label, value }) => (
          <div key={key} className={`admin-counter admin-counter--mail-${key}`}>
            <dt className="admin-counter__label">{label}</dt>
            <dd className="admin-counter__value">{value.toLocaleString('en-PK')}</dd>
          </div>
        ))}
      </dl>
      {channel.oldestWaitingSince && (
        <p className="admin-messages__note">
          The oldest waiting {message} was due {formatDateTime(channel.oldestWaitingSince)}; it is retried
          until {server} takes it.
        </p>
      )}
      {channel.lastRetry && (
        <p className="admin-messages__note admin-messages__note--retrying">
          Retrying ({channel.lastRetry.kind}, next at {formatDateTime(channel.lastRetry.retryAt)}):{' '}
          {channel.lastRetry.reason}
        </p>
      )}
      {channel.lastFailure && (
        <p className="admin-messages__note">
          Last failure ({channel.lastFailure.kind}, {formatDateTime(channel.lastFailure.at)}):{' '}
          {channel.lastFailure.reason}
        </p>
      )}
    </section>
  );
}
