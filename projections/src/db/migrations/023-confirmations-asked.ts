import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * Only orders placed since the shop asks for cash-on-delivery confirmations await one (OrderPlaced
 * schema 3, `confirmationRequired`); migration 022 marked every COD order already in the read model
 * as awaiting, so the expiry would have cancelled open orders that were never asked. The orders
 * read model is projected again from the log, where older orders need no confirmation.
 */
export const confirmationsAsked: Migration = {
  name: '023-confirmations-asked',
  up(db) {
    replayProjector(db, 'orders', [
      'orders',
      'open_reservations',
      'order_counts',
      'order_notes',
      'cod_refusals',
      'cod_limit_lifts',
    ]);
  },
};
