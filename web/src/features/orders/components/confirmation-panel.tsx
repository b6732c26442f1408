import type { Order } from '@shop/contracts';
import { errorMessage } from '../../../lib/api';
import { confirmationSentence } from '../../../ui/confirmation';
import { FormError } from '../../../ui/field';
import { useConfirmOrder } from '../api/confirmation';

export const CONFIRM_FAILED = 'Could not confirm this order. Please try again.';

/**
 * A cash-on-delivery order's confirmation in words, with "Confirm your order" while it awaits: the
 * shop sends nothing until the shopper (or the shop, by phone) has confirmed. `shownAs` is the id or
 * reference the page was opened with.
 */
export function ConfirmationPanel({ order, shownAs }: { order: Order; shownAs: string }) {
  const confirm = useConfirmOrder(order.id, shownAs);
  const sentence = confirmationSentence(order.confirmation);
  if (!sentence) return null;
  const awaiting = order.confirmation?.state === 'awaiting';
  return (
    <section className="panel" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title">Order confirmation</h2>
      <p data-confirmation={order.confirmation?.state}>
        <strong>{sentence}</strong>
      </p>
      {awaiting && (
        <>
          <p className="muted">
            We ship cash-on-delivery orders once you confirm them. Unconfirmed orders are cancelled when the
            time runs out.
          </p>
          <FormError message={confirm.isError ? errorMessage(confirm.error, CONFIRM_FAILED) : null} />
          <button
            type="button"
            className="button button--primary"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? 'Confirming...' : 'Confirm your order'}
          </button>
        </>
      )}
    </section>
  );
}
