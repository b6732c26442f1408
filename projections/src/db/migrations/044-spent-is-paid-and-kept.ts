import type { Migration } from '../database';
import { replayProjector } from './replay';

/**
 * A customer's "spent" counts what she paid and kept: paid orders, cancelled and refused ones left
 * out, refunds taken off. Which orders were paid, and the refunds, are in the log only, so the
 * customers projector replays it (as after migration 013) into its tables, `customer_orders` now
 * remembering whether each order's total counts.
 */
export const spentIsPaidAndKept: Migration = {
  name: '044-spent-is-paid-and-kept',
  up(db) {
    db.sqlite.exec('ALTER TABLE customer_orders ADD COLUMN paid INTEGER NOT NULL DEFAULT 0;');
    replayProjector(db, 'customers', [
      'customers',
      'customer_credentials',
      'customer_orders',
      'customer_search_terms',
      'ended_sessions',
      'password_reset_requests',
    ]);
  },
};
