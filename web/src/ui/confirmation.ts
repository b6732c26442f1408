import type { OrderConfirmation } from '@shop/contracts';
import { formatDateTime } from './dates';

/**
 * A cash-on-delivery order's confirmation in the shopper's words; null when the order needs none
 * (another payment method, or an order placed before confirmations).
 */
export function confirmationSentence(confirmation: OrderConfirmation | undefined): string | null {
  switch (confirmation?.state) {
    case 'awaiting':
      return confirmation.expiresAt
        ? `Awaiting your confirmation — confirm by ${formatDateTime(confirmation.expiresAt)}`
        : 'Awaiting your confirmation';
    case 'confirmed':
      return 'Confirmed';
    case 'expired':
      return 'Expired: cancelled because it was not confirmed';
    default:
      return null;
  }
}

/** The state as a short label for the admin's rows and filters. */
export const CONFIRMATION_LABELS = {
  awaiting: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  expired: 'Expired unconfirmed',
} as const;
