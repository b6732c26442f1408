import { streams } from '@shop/contracts';
import { listAwaitingConfirmations, type ReadModelsDb } from '@shop/projections';
import { type CommandDeps, handleCommand } from '../../../platform/commands/handle-command';
import type { CodSettings } from '../../../platform/config/cod-settings';
import type { Logger } from '../../../platform/logger';
import { orderDecider } from '../decide';
import { releaseOrderStock } from '../order-stock';

export interface ConfirmationExpiryDeps extends CommandDeps {
  readModels: ReadModelsDb;
  clock: () => Date;
  logger: Logger;
  cod: Pick<CodSettings, 'confirmationWindowMs'>;
}

/**
 * The confirmation window's process, driven by the log and the clock (decision 023): the orders read
 * model lists the COD orders still awaiting confirmation; for each one halfway through its window
 * the decider appends the one reminder, and at its end the expiry with the cancellation by `system`,
 * whose stock then goes back as a cancellation's does (the reservation sweep finishes a release cut
 * short). Each append is at the order stream's revision, so of several instances running this at
 * once one wins and the others find nothing left to do. Nothing is kept in memory: after a restart
 * the next run finds the same orders. Returns what it appended.
 */
export async function runConfirmationExpiry(
  deps: ConfirmationExpiryDeps,
): Promise<{ reminded: number; expired: number }> {
  const windowMs = deps.cod.confirmationWindowMs;
  const done = { reminded: 0, expired: 0 };
  if (windowMs === null) return done;
  const now = deps.clock();
  const halfway = new Date(now.getTime() - windowMs / 2).toISOString();
  for (const order of listAwaitingConfirmations(deps.readModels, { placedBefore: halfway })) {
    const orderId = order.id;
    const context = { actor: 'system', correlationId: orderId };
    const at = deps.clock().toISOString();
    const expires = Date.parse(order.created_at) + windowMs <= now.getTime();
    const type = expires ? 'ExpireConfirmation' : 'RemindConfirmation';
    if (!expires && order.confirmation_reminded === 1) continue;
    try {
      const { state, events } = await handleCommand(
        deps,
        orderDecider,
        streams.order(orderId),
        { type, data: { orderId, windowMs, at } },
        context,
      );
      if (events.length === 0) continue;
      if (!expires) {
        done.reminded += 1;
        continue;
      }
      done.expired += 1;
      deps.logger.info('cancelled an order not confirmed in time', { orderId });
      if (state.status === 'Cancelled') {
        await releaseOrderStock(deps, { orderId, lines: state.lines, reason: 'cancelled', at }, context);
      }
    } catch (error) {
      deps.logger.error('could not settle an order awaiting confirmation', { orderId, error });
    }
  }
  return done;
}

/** How often the process looks: a twentieth of the window, from one second to a minute. */
const expiryInterval = (windowMs: number): number => Math.min(60_000, Math.max(1_000, windowMs / 20));

/**
 * Runs the process on an interval (unref'd); nothing when the window is off. Returns a stop that
 * waits for a run under way, so the stores are not closed under it.
 */
export function startConfirmationExpiry(deps: ConfirmationExpiryDeps): () => Promise<void> {
  const windowMs = deps.cod.confirmationWindowMs;
  if (windowMs === null) return async () => {};
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= runConfirmationExpiry(deps)
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error('confirmation expiry failed', { error }))
      .finally(() => {
        running = undefined;
      });
  }, expiryInterval(windowMs));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
