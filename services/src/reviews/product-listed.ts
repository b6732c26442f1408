import { streams } from '@shop/contracts';
import { readStreamOrEmpty } from '../commands/handle-command';
import type { ShopDeps } from '../shop';

/** True when the product was created and not deleted, folded from its stream. */
export async function productIsListed(deps: ShopDeps, productId: string): Promise<boolean> {
  const history = await readStreamOrEmpty(deps.store, streams.product(productId));
  return history.reduce(
    (listed, event) =>
      event.type === 'ProductCreated' ? true : event.type === 'ProductDeleted' ? false : listed,
    false,
  );
}
