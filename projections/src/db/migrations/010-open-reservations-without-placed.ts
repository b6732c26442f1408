import type { Migration } from '../database';

/**
 * An open order's stock is its lines: the orders projector no longer keeps a reservation row for it
 * between placing and delivery or cancellation (decision 013), so the rows earlier versions kept in
 * the `placed` state go. Cancelling now writes the held stock from the order's lines.
 */
export const openReservationsWithoutPlaced: Migration = {
  name: '010-open-reservations-without-placed',
  up(db) {
    db.run(db.qb.deleteFrom('open_reservations').where('order_state', '=', 'placed' as never));
  },
};
