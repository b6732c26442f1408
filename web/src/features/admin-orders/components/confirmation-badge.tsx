import type { OrderConfirmation } from '@shop/contracts';
import { CONFIRMATION_LABELS } from '../../../ui/confirmation';
import '../../../ui/admin/table.css';

/** A cash-on-delivery order's confirmation as a badge; nothing for an order that needs none. */
export function ConfirmationBadge({ confirmation }: { confirmation: OrderConfirmation | undefined }) {
  if (!confirmation || confirmation.state === 'not-needed') return null;
  return (
    <span className={`admin-status admin-confirmation--${confirmation.state}`}>
      {CONFIRMATION_LABELS[confirmation.state]}
    </span>
  );
}
