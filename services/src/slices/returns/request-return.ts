import { type ReturnRequestInput, shopConfig, streams } from '@shop/contracts';
import { aggregateStream } from '../../platform/commands/aggregate-stream';
import { type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { conflict } from '../../platform/errors';
import { orderDecider } from '../orders/decide';
import type { OrderState } from '../orders/order';
import { ReturnNumberTaken, returnDecider } from './decide';
import { type ReturnState, returnIdOf } from './return';

export interface RequestReturnDeps extends CommandDeps {
  clock: () => Date;
}

/** Requests racing for one order each take the next number; this many rounds settles any crowd of shoppers' tabs. */
const NUMBERING_ATTEMPTS = 10;

/**
 * The owner asks to return units of a delivered order. Reads the order and its earlier returns from
 * the log, decides, and appends the order's next return (`return-{orderId}-{n}`) as a new stream: a
 * request that raced it to the same number makes this one read again and decide with its units
 * counted. Answers the new return's id.
 */
export async function handleRequestReturn(
  deps: RequestReturnDeps,
  orderId: string,
  userId: string,
  input: ReturnRequestInput,
): Promise<string> {
  for (let attempt = 0; attempt < NUMBERING_ATTEMPTS; attempt++) {
    const [order, earlier] = await Promise.all([readOrder(deps, orderId), readReturnsOf(deps, orderId)]);
    const returnId = returnIdOf(orderId, earlier.length + 1);
    try {
      await handleCommand(
        deps,
        returnDecider,
        streams.orderReturn(returnId),
        {
          type: 'RequestReturn',
          data: {
            ...input,
            returnId,
            orderId,
            by: userId,
            at: deps.clock().toISOString(),
            order,
            earlier,
            windowDays: shopConfig.returnsWindowDays,
          },
        },
        { actor: userId, correlationId: orderId },
      );
      return returnId;
    } catch (error) {
      if (!(error instanceof ReturnNumberTaken)) throw error;
    }
  }
  throw conflict('Several returns of this order are being asked for at once. Please try again.');
}

async function readOrder(deps: CommandDeps, orderId: string): Promise<OrderState> {
  return (await aggregateStream(deps.store, streams.order(orderId), orderDecider)).state;
}

/** Every return of the order so far, by number: streams `return-{orderId}-1`, `-2`, … up to the first missing. */
async function readReturnsOf(deps: CommandDeps, orderId: string): Promise<ReturnState[]> {
  const returns: ReturnState[] = [];
  for (let n = 1; ; n++) {
    const { state, events } = await aggregateStream(
      deps.store,
      streams.orderReturn(returnIdOf(orderId, n)),
      returnDecider,
    );
    if (events.length === 0) return returns;
    returns.push(state);
  }
}
