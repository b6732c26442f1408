import type { ChannelMessages, MessageDelivery } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminMessagesQuery } from '../../api/dashboard';
import { errorMessage, formatDateTime } from '../ui/format';
import { ErrorPanel, LoadingState } from '../ui/states';

const DELIVERY: Readonly<Record<MessageDelivery, string>> = {
  smtp: 'Sent through the mail server (SMTP_URL).',
  folder: 'Written as .eml files to the outbox folder: SMTP_URL is not set, so nothing reaches customers.',
  'cloud-api': 'Sent through the WhatsApp Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID).',
  off: 'This shop process sends no e-mail.',
};

/** The dashboard's e-mail panel: how this shop sends, and the messages sent, waiting and failed. */
export function MessagesPanel() {
  const messages = useQuery(adminMessagesQuery());
  if (messages.isError) {
    return (
      <ErrorPanel
        title="The e-mail status could not be loaded"
        message={errorMessage(messages.error)}
        retrying={messages.isFetching}
        onRetry={() => void messages.refetch()}
      />
    );
  }
  if (!messages.data) return <LoadingState label="Loading the e-mail status…" />;
  const email = messages.data.channels.find((channel) => channel.channel === 'email');
  return email ? <ChannelCounts channel={email} /> : null;
}

function ChannelCounts({ channel }: { channel: ChannelMessages }) {
  const counts = [
    { key: 'sent', label: 'Sent', value: channel.sent },
    { key: 'waiting', label: 'Waiting', value: channel.waiting },
    { key: 'failed', label: 'Failed', value: channel.failed },
  ] as const;
  return (
    <>
      <p className="muted">{DELIVERY[channel.delivery]}</p>
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
          The oldest waiting e-mail was due {formatDateTime(channel.oldestWaitingSince)}; it is retried until
          the mail server takes it.
        </p>
      )}
      {channel.lastFailure && (
        <p className="admin-messages__note">
          Last failure ({channel.lastFailure.kind}, {formatDateTime(channel.lastFailure.at)}):{' '}
          {channel.lastFailure.reason}
        </p>
      )}
    </>
  );
}
