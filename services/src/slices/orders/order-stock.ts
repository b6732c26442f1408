import type { CommandContext, CommandDeps } from '../../platform/commands/handle-command';
import type { ReleaseReason } from '../catalogue/decide';
import { releaseProductStock } from '../catalogue/stock';
import { type OrderLine, unitsByProductAndSize } from './order';

export interface OrderStockRelease {
  orderId: string;
  /** The units going back: a cancelled order's lines, or the lines of a return that came back. */
  lines: readonly Pick<OrderLine, 'productId' | 'size' | 'qty'>[];
  reason: ReleaseReason;
  at: string;
}

/**
 * Puts an order's units back into stock of their sizes on each product's stream, in product order. The one path for
 * every release keyed by an order's lines (a cancellation, a received return). A release never gives
 * back more than the order holds of a product; one cut short is finished by the reservation sweep.
 */
export async function releaseOrderStock(
  deps: CommandDeps,
  release: OrderStockRelease,
  context: CommandContext,
): Promise<void> {
  const { orderId, reason, at } = release;
  for (const units of unitsByProductAndSize(release.lines)) {
    await releaseProductStock(deps, { ...units, orderId, reason, at }, context);
  }
}
