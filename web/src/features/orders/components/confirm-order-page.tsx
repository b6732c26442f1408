import type { ConfirmedByLink, OrderToConfirm } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { FormError } from '../../../ui/field';
import { formatMoney } from '../../../ui/money';
import { SupportContacts } from '../../../ui/support-contacts';
import { confirmByLink, useOrderToConfirm } from '../api/confirmation';
import '../../../ui/account.css';
import '../../../ui/field.css';

export const CONFIRM_LINK_FAILED = 'Your order could not be confirmed. Please try again.';
export const LINK_NOT_VALID = 'This confirmation link is not valid or has expired.';
export const LINK_INCOMPLETE = 'This confirmation link is incomplete. Open the link from the message again.';

/**
 * `/confirm-order?token=`: the link of the confirmation message. It names the order (reference, items,
 * total) read by the token, and confirms only when the shopper presses the button, never on load, so a
 * messenger's link preview cannot confirm an order. A forged, expired or incomplete link says so and
 * gives the shop's support details; an order that no longer awaits says what became of it.
 */
export function ConfirmOrderPage({ token }: { token: string | undefined }) {
  const confirm = useMutation({ mutationFn: () => confirmByLink(token ?? '') });
  const read = useOrderToConfirm(token);
  const linkRefused = (error: unknown) => error instanceof ApiError && error.status === 400;
  const refused = linkRefused(confirm.error) || linkRefused(read.error);
  const order = read.data;

  return (
    <section className="account-page container" aria-labelledby="confirm-title">
      <div className="panel">
        <h1 id="confirm-title">Confirm your order</h1>
        {confirm.isSuccess ? (
          <Confirmed order={confirm.data} />
        ) : !token || refused ? (
          <>
            <p className="form-error" role="alert">
              {token ? errorMessage(confirm.error ?? read.error, LINK_NOT_VALID) : LINK_INCOMPLETE}
            </p>
            <p>Contact us with your order reference and we will confirm your order with you.</p>
            <SupportContacts />
          </>
        ) : read.isPending ? (
          <p role="status">Loading your order...</p>
        ) : order && order.confirmation.state !== 'awaiting' ? (
          <NothingToConfirm order={order} />
        ) : (
          <>
            {order ? (
              <OrderSummary order={order} />
            ) : (
              <p className="muted">We could not load this order's details; you can still confirm it.</p>
            )}
            <p>
              You chose to pay cash on delivery. Please confirm that you placed this order and want it
              delivered; we ship it once you have.
            </p>
            <FormError message={confirm.isError ? errorMessage(confirm.error, CONFIRM_LINK_FAILED) : null} />
            <button
              type="button"
              className="button button--primary"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {confirm.isPending ? 'Confirming...' : 'Yes, confirm my order'}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function Confirmed({ order }: { order: ConfirmedByLink }) {
  return (
    <div role="status">
      <p>
        <strong>Thank you: order {order.reference} is confirmed.</strong>
      </p>
      <p>
        We are preparing it now and will let you know when it is on its way. Please keep{' '}
        {formatMoney(order.totalPrice)} ready in cash for the courier.
      </p>
      <p>
        <Link to="/order/$id" params={{ id: order.id }}>
          See your order
        </Link>
      </p>
    </div>
  );
}

/** The order the link names: reference, each item, and the total to pay in cash. */
function OrderSummary({ order }: { order: OrderToConfirm }) {
  return (
    <section aria-labelledby="confirm-order-reference">
      <h2 id="confirm-order-reference">Order {order.reference}</h2>
      <ul>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one order never reorder
          <li key={index}>
            {item.name}
            {item.size ? ` (size ${item.size})` : ''} × {item.qty}: {formatMoney(item.price * item.qty)}
          </li>
        ))}
      </ul>
      <p>
        Total to pay in cash: <strong>{formatMoney(order.totalPrice)}</strong>
      </p>
    </section>
  );
}

/** A link opened again once its order is confirmed, cancelled or expired: no button, the truth. */
function NothingToConfirm({ order }: { order: OrderToConfirm }) {
  if (order.confirmation.state === 'confirmed') {
    return (
      <p role="status">
        Order <strong>{order.reference}</strong> is already confirmed: there is nothing more to do.
      </p>
    );
  }
  return (
    <>
      <p role="status">
        Order <strong>{order.reference}</strong> was cancelled
        {order.confirmation.state === 'expired' ? ' because it was not confirmed in time' : ''}, so there is
        nothing to confirm. You are welcome to order again.
      </p>
      <SupportContacts />
    </>
  );
}
