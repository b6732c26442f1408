import { type ConfirmationChannel, type OrderId, streams, type UserId } from '@shop/contracts';
import { type CommandDeps, handleCommand } from '../../../platform/commands/handle-command';
import type { CodSettings } from '../../../platform/config/cod-settings';
import { orderDecider } from '../decide';

export interface ConfirmDeps extends CommandDeps {
  clock: () => Date;
  cod: Pick<CodSettings, 'confirmationWindowMs'>;
}

/**
 * A cash-on-delivery order confirmed: by the message's link (the token named the order), by its
 * owner on the order page, or by an admin who phoned. Confirming a confirmed order changes nothing;
 * after the window's end every channel is refused, as the link is.
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
    {
      type: 'ConfirmOrder',
      data: { orderId, by, channel, windowMs: deps.cod.confirmationWindowMs, at, ...(note ? { note } : {}) },
    },
    { actor: by, correlationId: orderId },
  );
}
