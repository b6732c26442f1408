import type { Order, OrderStatus } from '@shop/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { ConfirmDialog } from '../../../ui/admin/modal';
import { useUpdateOrderStatus } from '../api/orders';
import { statusChoices } from './order-fields';

/** Dispatching a cash-on-delivery order nobody confirmed: allowed, but the admin is asked first. */
const dispatchesUnconfirmed = (order: Order, status: OrderStatus) =>
  status === 'Dispatched' && order.confirmation?.state === 'awaiting';

/** The questions asked before a change that is hard to take back. */
function questionFor(order: Order, status: OrderStatus) {
  if (dispatchesUnconfirmed(order, status)) {
    return {
      title: 'Dispatch an unconfirmed order?',
      message: `The customer has not confirmed order ${order.reference} yet. Unconfirmed cash-on-delivery orders are often refused at the door; confirm it by phone first if you can.`,
      confirmLabel: 'Dispatch anyway',
      busyLabel: 'Dispatching...',
    };
  }
  if (status === 'Refused') {
    return {
      title: `Mark order ${order.reference} as refused?`,
      message:
        'Only for a parcel the courier brought back, refused at the door or undeliverable. Its stock comes back, it counts as a refusal against the customer and the phone number (enough refusals and cash on delivery is no longer offered to them), and it cannot be undone.',
      confirmLabel: 'Mark refused',
      busyLabel: 'Marking refused...',
    };
  }
  return null;
}

/**
 * The status dropdown and its Update button for one order. The server enforces the state machine; a
 * refused change is shown as 'Status update failed: {message}' next to the control, or inside the
 * question while it is open (dispatching an unconfirmed COD order, marking a parcel refused), so the
 * admin can try again or cancel.
 */
export function StatusControl({ order }: { order: Order }) {
  const [selected, setSelected] = useState<OrderStatus>(order.status);
  const [asking, setAsking] = useState(false);
  const update = useUpdateOrderStatus();
  const selectId = useId();
  const errorId = useId();
  // A new status from the server (this control, the overlay, a refetch) becomes the selection.
  const [seenStatus, setSeenStatus] = useState(order.status);
  if (seenStatus !== order.status) {
    setSeenStatus(order.status);
    setSelected(order.status);
  }
  const send = () => update.mutate({ id: order.id, status: selected }, { onSuccess: () => setAsking(false) });
  const question = questionFor(order, selected);
  const failure = update.isError ? `Status update failed: ${errorMessage(update.error)}` : null;

  return (
    <div className="admin-status-control">
      <label htmlFor={selectId} className="visually-hidden">
        Status of order {order.id}
      </label>
      <select
        id={selectId}
        value={selected}
        disabled={update.isPending}
        aria-describedby={update.isError ? errorId : undefined}
        onChange={(event) => {
          setSelected(event.currentTarget.value as OrderStatus);
          update.reset();
        }}
      >
        {statusChoices(order.status).map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--primary admin-button--small"
        disabled={update.isPending || selected === order.status}
        onClick={() => (question ? setAsking(true) : send())}
        aria-label={`${update.isPending ? 'Updating' : 'Update'} status of order ${order.id}`}
      >
        {update.isPending ? 'Updating...' : 'Update'}
      </button>
      {failure && !asking && (
        <p id={errorId} className="admin-field-error admin-status-control__error" role="alert">
          {failure}
        </p>
      )}
      {asking && question && (
        <ConfirmDialog
          title={question.title}
          message={question.message}
          confirmLabel={question.confirmLabel}
          busyLabel={question.busyLabel}
          busy={update.isPending}
          error={failure}
          onConfirm={send}
          onCancel={() => {
            setAsking(false);
            update.reset();
          }}
        />
      )}
    </div>
  );
}
