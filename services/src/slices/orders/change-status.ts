import { type OrderId, type OrderStatus, streams, type UserId } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { type CancelOrder, type ChangeOrderStatus, orderDecider } from './decide';
import { releaseOrderStock } from './order-stock';

export interface ChangeStatusDeps extends CommandDeps {
  clock: () => Date;
}

/**
 * An admin moves an order along the state machine. Cancelling, and a parcel refused at the door
 * (Refused), give the order's stock back on each product stream; if that is cut short, the
 * reservation sweep finishes it.
 */
export async function handleChangeOrderStatus(
  deps: ChangeStatusDeps,
  orderId: OrderId,
  to: OrderStatus,
  adminId: UserId,
): Promise<void> {
  const at = deps.clock().toISOString();
  await moveOrder(deps, { type: 'ChangeOrderStatus', data: { orderId, to, by: adminId, at } });
}

/** The shopper cancels their own Pending or Paid order; its stock goes back at once. */
export async function handleCancelOrder(
  deps: ChangeStatusDeps,
  orderId: OrderId,
  userId: UserId,
): Promise<void> {
  const at = deps.clock().toISOString();
  await moveOrder(deps, { type: 'CancelOrder', data: { orderId, by: userId, at } });
}

async function moveOrder(deps: ChangeStatusDeps, command: ChangeOrderStatus | CancelOrder): Promise<void> {
  const { orderId, by, at } = command.data;
  const context = { actor: by, correlationId: orderId };
  const { state } = await handleCommand(deps, orderDecider, streams.order(orderId), command, context);
  if (state.status !== 'Cancelled' && state.status !== 'Refused') return;
  const reason = state.status === 'Refused' ? 'parcel-refused' : 'cancelled';
  await releaseOrderStock(deps, { orderId, lines: state.lines, reason, at }, context);
}
