import { type ConfirmationChannel, type OrderId, streams, type UserId } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../../platform/commands/handle-command';
import { orderDecider } from '../decide';

export interface ConfirmDeps extends CommandDeps {
  clock: () => Date;
}

/**
 * A cash-on-delivery order confirmed: by the message's link (the token named the order), by its
 * owner on the order page, or by an admin who phoned. Confirming a confirmed order changes nothing.
 */
export async function handleConfirmOrder(
  deps: ConfirmDeps,
  confirmation: { orderId: OrderId; by: UserId; channel: ConfirmationChannel; note?: string },
): Promise<void> {
  const { orderId, by, channel, note } = confirmation;
  const at = deps.clock().toISOString();
  await handleCommand(
    deps,
    orderDecider,
    streams.order(orderId),
    { type: 'ConfirmOrder', data: { orderId, by, channel, at, ...(note ? { note } : {}) } },
    { actor: by, correlationId: orderId },
  );
}
