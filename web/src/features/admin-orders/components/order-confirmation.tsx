import { CONFIRMATION_NOTE_MAX, type ConfirmationChannel, type Order } from '@shop/contracts';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../ui/dates';
import { useConfirmByPhone } from '../api/orders';
import { ConfirmationBadge } from './confirmation-badge';

const HOW: Readonly<Record<ConfirmationChannel, string>> = {
  link: 'by the customer, from the message’s link',
  'order-page': 'by the customer, on the order page',
  phone: 'by phone',
};

/**
 * A cash-on-delivery order's confirmation in the admin's order view: who confirmed it, when and how,
 * or when it expired; while it awaits, "Confirmed by phone" records a call to the customer with a note.
 */
export function OrderConfirmation({ order }: { order: Order }) {
  const confirmation = order.confirmation;
  const confirm = useConfirmByPhone();
  const [note, setNote] = useState('');
  if (!confirmation || confirmation.state === 'not-needed') return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate({ id: order.id, note: note.trim() }, { onSuccess: () => setNote('') });
  }

  const headingId = `order-${order.id}-confirmation`;
  return (
    <section className="admin-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>Confirmation</h3>
      <p>
        <ConfirmationBadge confirmation={confirmation} />{' '}
        {confirmation.state === 'confirmed' && confirmation.at && (
          <span className="muted">
            {confirmation.channel ? HOW[confirmation.channel] : ''}
            {confirmation.by ? ` (${confirmation.by.name})` : ''} on{' '}
            <time dateTime={confirmation.at}>{formatDateTime(confirmation.at)}</time>
          </span>
        )}
        {confirmation.state === 'expired' && confirmation.at && (
          <span className="muted">
            cancelled unconfirmed on <time dateTime={confirmation.at}>{formatDateTime(confirmation.at)}</time>
          </span>
        )}
        {confirmation.state === 'awaiting' && confirmation.expiresAt && (
          <span className="muted">
            expires on <time dateTime={confirmation.expiresAt}>{formatDateTime(confirmation.expiresAt)}</time>
          </span>
        )}
      </p>
      {confirmation.note && <p>Note: {confirmation.note}</p>}
      {confirmation.state === 'awaiting' && (
        <form className="admin-note-form" onSubmit={submit} noValidate>
          <label htmlFor={`${headingId}-note`}>Note on the call (optional)</label>
          <textarea
            id={`${headingId}-note`}
            className="textarea"
            rows={2}
            maxLength={CONFIRMATION_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {confirm.isError && (
            <p className="admin-alert" role="alert">
              Could not record the confirmation: {errorMessage(confirm.error)}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary admin-button--small"
            disabled={confirm.isPending}
          >
            {confirm.isPending ? 'Recording…' : 'Confirmed by phone'}
          </button>
        </form>
      )}
    </section>
  );
}
