import { streams } from '@shop/contracts';
import { listSweepableReservations, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { ReleaseReason } from '../catalogue/decide';
import { releaseProductStock } from '../catalogue/stock';
import { orderDecider } from './decide';

export interface SweepDeps extends CommandDeps {
  readModels: ReadModelsDb;
  clock: () => Date;
  logger: Logger;
}

/**
 * How old a reservation must be before the sweep gives it back. Placing an order gives up after a
 * minute (see `placeDeadlineMs`); one slower than that, on any instance, is stopped by OrderAbandoned.
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
 * returns whose release was cut short. An unplaced order is first marked OrderAbandoned on its own
 * stream, expecting it empty: then it can never be placed, even by an instance still completing it,
 * and if that instance placed it first the sweep leaves its stock alone. Releasing is idempotent on
 * the product stream, so the sweeps of several instances at once give back nothing twice. Returns how
 * many reservations it released.
 */
export async function sweepOrphanedReservations(
  deps: SweepDeps,
  options: { graceMs?: number } = {},
): Promise<number> {
  const before = new Date(deps.clock().getTime() - (options.graceMs ?? RESERVATION_GRACE_MS)).toISOString();
  let released = 0;
  const abandoned = new Map<string, boolean>();
  for (const reservation of listSweepableReservations(deps.readModels, { before })) {
    const orderId = reservation.order_id;
    if (reservation.order_state === 'unplaced') {
      if (!abandoned.has(orderId)) abandoned.set(orderId, await abandonUnplacedOrder(deps, orderId));
      if (!abandoned.get(orderId)) continue;
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

/** True once the order can never be placed; false when it was placed after all. */
async function abandonUnplacedOrder(deps: SweepDeps, orderId: string): Promise<boolean> {
  try {
    await handleCommand(
      deps,
      orderDecider,
      streams.order(orderId),
      { type: 'AbandonOrder', data: { orderId, at: deps.clock().toISOString() } },
      { actor: 'system', correlationId: orderId },
    );
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
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
