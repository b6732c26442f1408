import { CANCELLABLE_BY_SHOPPER, type Order, type OrderReturn, RETURN_REASON_MAX } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { itemsOf } from '../../../lib/order-items';
import { orderReturnsQuery } from '../../../lib/order-returns';
import { formatDate } from '../../../ui/dates';
import { FormError, TextAreaField } from '../../../ui/field';
import { formatMoney } from '../../../ui/money';
import { useCancelOrder, useRequestReturn } from '../api/after-sale';

const CANCEL_FAILED = 'Could not cancel this order. Please try again.';
const RETURN_FAILED = 'Could not send your return request. Please try again.';

/**
 * Cancelling: a Cancel button while the order is Pending or Paid, asking for a confirmation first;
 * once cancelled, who cancelled it and whether a refund is owed.
 */
export function CancelPanel({ order }: { order: Order }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder(order.id);

  if (order.status === 'Cancelled') {
    return (
      <section className="panel" aria-labelledby="cancel-title">
        <h2 id="cancel-title">Order cancelled</h2>
        <p>
          {order.cancelledBy === 'customer' ? 'You cancelled this order.' : 'The shop cancelled this order.'}
        </p>
        {order.refundDue !== null && (
          <p>You paid for it, so {formatMoney(order.refundDue)} will be refunded to you.</p>
        )}
      </section>
    );
  }
  if (!CANCELLABLE_BY_SHOPPER.includes(order.status)) return null;
  return (
    <section className="panel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Changed your mind?</h2>
      <p className="muted">You can cancel this order until we start preparing it.</p>
      <FormError message={cancel.isError ? errorMessage(cancel.error, CANCEL_FAILED) : null} />
      {confirming ? (
        <fieldset aria-label="Confirm cancellation" className="after-sale__confirm">
          <p>
            <strong>Cancel this order?</strong> This cannot be undone.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
          >
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel order'}
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Keep order
          </button>
        </fieldset>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          Cancel Order
        </button>
      )}
    </section>
  );
}

/** The order's returns with their statuses, and the return form while the window is open. */
export function ReturnsPanel({ order }: { order: Order }) {
  const returns = useQuery({ ...orderReturnsQuery(order.id), enabled: order.isDelivered });
  if (!order.isDelivered) return null;
  const open = order.returnableUntil !== null && Date.now() <= Date.parse(order.returnableUntil);
  const list = returns.data ?? [];
  if (!open && list.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="returns-title">
      <h2 id="returns-title">Returns</h2>
      {returns.isError && (
        <div className="form-error" role="alert">
          {errorMessage(returns.error, 'Could not load your returns.')}
        </div>
      )}
      {list.length > 0 && (
        <ul className="after-sale__returns">
          {list.map((entry) => (
            <ReturnEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {open ? (
        <ReturnForm order={order} returns={list} />
      ) : (
        <p className="muted">The return window of this order has closed.</p>
      )}
    </section>
  );
}

function ReturnEntry({ entry }: { entry: OrderReturn }) {
  return (
    <li aria-label={`Return ${entry.id}`}>
      <p>
        <span
          className={`status-badge status-badge--${entry.status === 'Rejected' ? 'danger' : entry.status === 'Refunded' ? 'success' : 'default'}`}
        >
          Return {entry.status}
        </span>{' '}
        <span className="muted">asked for on {formatDate(entry.requestedAt, '')}</span>
      </p>
      <p>
        {entry.items
          .map((item) => `${item.qty} × ${item.name}${item.size ? ` (${item.size})` : ''}`)
          .join(', ')}
        {' · '}
        {entry.status === 'Refunded' ? 'Refunded' : 'Refund'} {formatMoney(entry.refundAmount)}
      </p>
    </li>
  );
}

/** Units of each line still returnable: delivered less those asked back by returns not rejected. */
function unitsLeft(order: Order, returns: readonly OrderReturn[]): Map<string, number> {
  const left = new Map(itemsOf(order).map((item) => [item.id, item.qty]));
  for (const entry of returns) {
    if (entry.status === 'Rejected') continue;
    for (const item of entry.items) left.set(item.orderItemId, (left.get(item.orderItemId) ?? 0) - item.qty);
  }
  return left;
}

function ReturnForm({ order, returns }: { order: Order; returns: readonly OrderReturn[] }) {
  const request = useRequestReturn(order.id);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const left = unitsLeft(order, returns);
  const returnable = itemsOf(order).filter((item) => (left.get(item.id) ?? 0) > 0);
  if (returnable.length === 0) return <p className="muted">Every item of this order has been asked back.</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    const items = Object.entries(quantities)
      .filter(([, qty]) => qty > 0)
      .map(([orderItemId, qty]) => ({ orderItemId, qty }));
    if (items.length === 0) return setProblem('Pick at least one item to return.');
    if (reason.trim() === '') return setProblem('Please tell us why you are returning it.');
    setProblem(null);
    request.mutate(
      { items, reason: reason.trim() },
      {
        onSuccess: () => {
          setQuantities({});
          setReason('');
        },
      },
    );
  }

  return (
    <form className="form after-sale__form" onSubmit={submit} noValidate aria-labelledby="return-form-title">
      <h3 id="return-form-title">Return items</h3>
      <p className="muted">
        You can return items until {formatDate(order.returnableUntil, '')}. Pick the items and how many.
      </p>
      <ul className="after-sale__lines">
        {returnable.map((item) => {
          const max = left.get(item.id) ?? 0;
          const id = `return-qty-${item.id}`;
          return (
            <li key={item.id}>
              <label htmlFor={id}>
                {item.name}
                {item.size ? ` (${item.size})` : ''} <span className="muted">· up to {max}</span>
              </label>
              <input
                id={id}
                className="field__input after-sale__qty"
                type="number"
                min={0}
                max={max}
                step={1}
                value={quantities[item.id] ?? 0}
                onChange={(event) => {
                  const qty = Math.max(0, Math.min(max, Math.trunc(Number(event.currentTarget.value) || 0)));
                  setQuantities((current) => ({ ...current, [item.id]: qty }));
                }}
              />
            </li>
          );
        })}
      </ul>
      <TextAreaField
        label="Reason"
        name="reason"
        rows={2}
        maxLength={RETURN_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <FormError message={problem ?? (request.isError ? errorMessage(request.error, RETURN_FAILED) : null)} />
      <button type="submit" className="button button--primary" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Request Return'}
      </button>
    </form>
  );
}
