import { type OrderStatus, streams } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { releaseProductStock } from '../catalogue/stock';
import { orderDecider } from './decide';
import { isPlaced, unitsByProduct } from './order';

export interface ChangeStatusDeps extends CommandDeps {
  clock: () => Date;
}

/**
 * An admin moves an order along the state machine. Cancelling gives the order's stock back on each
 * product stream; if that is cut short, the reservation sweep finishes it.
 */
export async function handleChangeOrderStatus(
  deps: ChangeStatusDeps,
  orderId: string,
  to: OrderStatus,
  adminId: string,
): Promise<void> {
  const at = deps.clock().toISOString();
  const context = { actor: adminId, correlationId: orderId };
  const { state } = await handleCommand(
    deps,
    orderDecider,
    streams.order(orderId),
    { type: 'ChangeOrderStatus', data: { orderId, to, by: adminId, at } },
    context,
  );
  if (to !== 'Cancelled' || !isPlaced(state)) return;
  for (const [productId, qty] of unitsByProduct(state.lines)) {
    await releaseProductStock(deps, { productId, orderId, qty, reason: 'cancelled', at }, context);
  }
}
