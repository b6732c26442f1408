import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { Field } from '../../../ui/field';
import { SupportContacts } from '../../../ui/support-contacts';
import '../../../ui/account.css';

export const INVALID_ORDER_ID = 'Please enter a valid order ID';
/** The button reads 'Tracking Order...' this long before tracking opens (docs/rules/screens.md#delays). */
export const TRACK_DELAY_MS = 1500;

/** The order-ID form. No lookup happens here; the tracking page does it. */
export function TrackEntry() {
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(
      () => void navigate({ to: '/track/$id', params: { id: target } }),
      TRACK_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [target, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (target !== null) return;
    const id = orderId.trim();
    if (id === '') {
      setError(INVALID_ORDER_ID);
      return;
    }
    setError(undefined);
    setTarget(id);
  }

  return (
    <section className="account-page container" aria-labelledby="track-title">
      <h1 id="track-title">Track Your Order</h1>
      <form className="panel form" onSubmit={onSubmit} noValidate>
        <Field
          label="Order ID"
          name="orderId"
          placeholder="e.g. 123456"
          autoComplete="off"
          hint="You will find the order ID in your order confirmation e-mail and in your order history."
          value={orderId}
          error={error}
          onChange={(event) => {
            setOrderId(event.currentTarget.value);
            if (error) setError(undefined);
          }}
        />
        <button type="submit" className="button button--primary" disabled={target !== null}>
          {target !== null ? 'Tracking Order...' : 'Track Order'}
        </button>
      </form>
      <div className="panel-grid">
        <section className="panel" aria-labelledby="track-help-where">
          <h2 id="track-help-where">Where is my order ID?</h2>
          <p className="muted">
            It is in the confirmation e-mail we sent when you ordered, and next to every order under Profile →
            Order History.
          </p>
        </section>
        <section className="panel" aria-labelledby="track-help-contact">
          <h2 id="track-help-contact">Need help?</h2>
          <SupportContacts />
        </section>
      </div>
    </section>
  );
}
