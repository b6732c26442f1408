import { type OrderId, streams, type UserId } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { orderDecider } from './decide';

export interface OrderNoteDeps extends CommandDeps {
  clock: () => Date;
  newId: () => string;
}

/** An admin's note on an order, appended to the order's stream; answers the note's id. */
export async function handleAddOrderNote(
  deps: OrderNoteDeps,
  orderId: OrderId,
  text: string,
  adminId: UserId,
): Promise<string> {
  const noteId = deps.newId();
  const at = deps.clock().toISOString();
  await handleCommand(
    deps,
    orderDecider,
    streams.order(orderId),
    { type: 'AddOrderNote', data: { orderId, noteId, text, by: adminId, at } },
    { actor: adminId, correlationId: orderId },
  );
  return noteId;
}
