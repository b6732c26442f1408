import { type ReturnStatus, streams } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { releaseOrderStock } from '../orders/order-stock';
import { returnDecider } from './decide';

export interface ChangeReturnStatusDeps extends CommandDeps {
  clock: () => Date;
}

/**
 * An admin moves a return along its state machine. Received puts the returned units back into stock
 * through the order's release path; one cut short is finished by the reservation sweep.
 */
export async function handleChangeReturnStatus(
  deps: ChangeReturnStatusDeps,
  returnId: string,
  to: ReturnStatus,
  adminId: string,
): Promise<void> {
  const at = deps.clock().toISOString();
  const { state } = await handleCommand(
    deps,
    returnDecider,
    streams.orderReturn(returnId),
    { type: 'ChangeReturnStatus', data: { returnId, to, by: adminId, at } },
    { actor: adminId, correlationId: returnId },
  );
  if (to !== 'Received' || state.status === 'Absent') return;
  await releaseOrderStock(
    deps,
    { orderId: state.orderId, lines: state.items, reason: 'returned', at },
    { actor: adminId, correlationId: state.orderId },
  );
}
