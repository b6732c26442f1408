import { ORDER_NOTE_MAX, type Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { orderReturnsQuery } from '../../../lib/order-returns';
import { ReturnActions, ReturnStatusBadge, returnedLines } from '../../../ui/admin/return-actions';
import { formatDateTime } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { useAddOrderNote } from '../api/orders';

/** The admins' notes on the order, oldest first, with a form to add one. Shoppers never see them. */
export function OrderNotes({ order }: { order: Order }) {
  const add = useAddOrderNote(order.id);
  const [text, setText] = useState('');
  const notes = order.notes ?? [];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ol className="admin-history">
          {notes.map((note) => (
            <li key={note.id} className="admin-history__item">
              <span>{note.text}</span>
              <span className="muted">
                by {note.by?.name ?? 'an admin'} on <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
      <form className="admin-note-form" onSubmit={submit} noValidate>
        <label htmlFor={`order-${order.id}-note`}>Add a note</label>
        <textarea
          id={`order-${order.id}-note`}
          className="textarea"
          rows={2}
          maxLength={ORDER_NOTE_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {add.isError && (
          <p className="admin-alert" role="alert">
            Could not add the note: {errorMessage(add.error)}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary admin-button--small"
          disabled={add.isPending || text.trim() === ''}
        >
          {add.isPending ? 'Adding…' : 'Add Note'}
        </button>
      </form>
    </>
  );
}

/** The order's returns with their lines, refund and status, each with its next moves. */
export function OrderReturns({ order }: { order: Order }) {
  const returns = useQuery({ ...orderReturnsQuery(order.id), enabled: order.isDelivered });
  if (!order.isDelivered) return <p className="muted">Returns open once the order is delivered.</p>;
  if (returns.isPending)
    return (
      <p className="muted" role="status">
        Loading returns…
      </p>
    );
  if (returns.isError)
    return (
      <p className="admin-alert" role="alert">
        {errorMessage(returns.error)}
      </p>
    );
  if (returns.data.length === 0) return <p className="muted">No returns.</p>;
  return (
    <ul className="admin-history">
      {returns.data.map((entry) => (
        <li key={entry.id} className="admin-history__item" aria-label={`Return ${entry.id}`}>
          <span>
            <ReturnStatusBadge status={entry.status} /> {returnedLines(entry)} ·{' '}
            {formatMoney(entry.refundAmount)}
          </span>
          <span className="muted">
            “{entry.reason}” · asked {formatDateTime(entry.requestedAt)}
          </span>
          <ReturnActions entry={entry} />
        </li>
      ))}
    </ul>
  );
}
