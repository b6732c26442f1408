import type { ConfirmedByLink } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { FormError } from '../../../ui/field';
import { formatMoney } from '../../../ui/money';
import { SupportContacts } from '../../../ui/support-contacts';
import { confirmByLink } from '../api/confirmation';
import '../../../ui/account.css';
import '../../../ui/field.css';

export const CONFIRM_LINK_FAILED = 'Your order could not be confirmed. Please try again.';
export const LINK_NOT_VALID = 'This confirmation link is not valid or has expired.';
export const LINK_INCOMPLETE = 'This confirmation link is incomplete. Open the link from the message again.';

/**
 * `/confirm-order?token=`: the link of the confirmation message. It confirms only when the shopper
 * presses the button, never on load, so a messenger's link preview cannot confirm an order. A forged,
 * expired or incomplete link says so and gives the shop's support details.
 */
export function ConfirmOrderPage({ token }: { token: string | undefined }) {
  const confirm = useMutation({ mutationFn: () => confirmByLink(token ?? '') });
  const refused = confirm.error instanceof ApiError && confirm.error.status === 400;

  return (
    <section className="account-page container" aria-labelledby="confirm-title">
      <div className="panel">
        <h1 id="confirm-title">Confirm your order</h1>
        {confirm.isSuccess ? (
          <Confirmed order={confirm.data} />
        ) : !token || refused ? (
          <>
            <p className="form-error" role="alert">
              {token ? errorMessage(confirm.error, LINK_NOT_VALID) : LINK_INCOMPLETE}
            </p>
            <p>Contact us with your order reference and we will confirm your order with you.</p>
            <SupportContacts />
          </>
        ) : (
          <>
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
