import { streams } from '@shop/contracts';
import { listSweepableReservations, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, readStreamOrEmpty } from '../../platform/commands/handle-command';
import type { Logger } from '../../platform/logger';
import type { ReleaseReason } from '../catalogue/decide';
import { releaseProductStock } from '../catalogue/stock';

export interface SweepDeps extends CommandDeps {
  readModels: ReadModelsDb;
  clock: () => Date;
  logger: Logger;
}

/**
 * How old a reservation must be before the sweep gives it back. Placing an order gives up after
 * a minute (see `placeDeadlineMs`), so an order can never appear after its stock was swept.
 */
export const RESERVATION_GRACE_MS = 2 * 60_000;

/** Why the sweep gives a reservation back, by the state its order was in. */
const RELEASE_REASONS = {
  unplaced: 'orphaned',
  cancelled: 'cancelled',
  returned: 'returned',
} as const satisfies Record<string, ReleaseReason>;

/**
 * Gives back stock a crash left held: reservations whose order never appeared within the grace
 * period (a crash between reserving and placing), and those of cancelled orders and received
 * returns whose release was cut short. Each is re-checked against the log first, since the read model may lag. Releasing is
 * idempotent on the product stream, so two sweeps at once give back nothing twice.
 * Returns how many reservations it released.
 */
export async function sweepOrphanedReservations(
  deps: SweepDeps,
  options: { graceMs?: number } = {},
): Promise<number> {
  const before = new Date(deps.clock().getTime() - (options.graceMs ?? RESERVATION_GRACE_MS)).toISOString();
  let released = 0;
  const orderExists = new Map<string, boolean>();
  for (const reservation of listSweepableReservations(deps.readModels, { before })) {
    const orderId = reservation.order_id;
    if (reservation.order_state === 'unplaced') {
      if (!orderExists.has(orderId)) {
        orderExists.set(orderId, (await readStreamOrEmpty(deps.store, streams.order(orderId))).length > 0);
      }
      if (orderExists.get(orderId)) continue;
    }
    await releaseProductStock(
      deps,
      {
        productId: reservation.product_id,
        orderId,
        qty: reservation.qty,
        reason: RELEASE_REASONS[reservation.order_state],
        at: deps.clock().toISOString(),
      },
      { actor: 'system', correlationId: orderId },
    );
    released += 1;
    deps.logger.info('released stock held by an unfinished order', {
      orderId,
      productId: reservation.product_id,
      qty: reservation.qty,
      state: reservation.order_state,
    });
  }
  return released;
}

/** Runs the sweep every `intervalMs` (unref'd: it never keeps the process alive). Returns a stop. */
export function startReservationSweep(deps: SweepDeps, intervalMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphanedReservations(deps)
      .catch((error: unknown) => deps.logger.error('reservation sweep failed', { error }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
