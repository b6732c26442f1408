import type { Migration } from '../database';

/**
 * A cancelled COD order no longer awaits its confirmation: rows projected before the projector said so
 * are set as a rebuild now sets them (an expired one keeps `expired`).
 */
export const cancelledOrdersAwaitNothing: Migration = {
  name: '043-cancelled-orders-await-nothing',
  up(db) {
    db.sqlite.exec(`
      UPDATE orders SET confirmation_state = 'not-needed'
        WHERE status = 'Cancelled' AND confirmation_state = 'awaiting';
    `);
  },
};
