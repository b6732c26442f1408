import { streams } from '@shop/contracts';
import { type CommandContext, type CommandDeps, handleCommand } from '../../platform/commands/handle-command';
import { productDecider, type ReleaseReason } from './decide';

export interface StockChange {
  productId: string;
  orderId: string;
  qty: number;
  at: string;
}

/**
 * Reserves units of one size of a product (`''`: a product without sizes) for an order on the product's stream (retrying on a concurrent
 * write). Throws 409 OUT_OF_STOCK when fewer are left, 409 for a deleted product, 404 for an
 * unknown one. Returns the units left afterwards.
 */
export async function reserveProductStock(
  deps: CommandDeps,
  change: StockChange & { size: string },
  context: CommandContext,
): Promise<{ countInStock: number }> {
  const result = await handleCommand(
    deps,
    productDecider,
    streams.product(change.productId),
    { type: 'ReserveStock', ...change },
    context,
  );
  return { countInStock: result.state.status === 'absent' ? 0 : result.state.countInStock };
}

/**
 * Gives back what the order holds of one product, at most `qty`, of `size` first (see `releaseStock`);
 * nothing when it holds none.
 */
export async function releaseProductStock(
  deps: CommandDeps,
  change: StockChange & { size?: string; reason: ReleaseReason },
  context: CommandContext,
): Promise<void> {
  await handleCommand(
    deps,
    productDecider,
    streams.product(change.productId),
    { type: 'ReleaseStock', ...change },
    context,
  );
}
