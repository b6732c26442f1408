import { ProductInput, streams } from '@shop/contracts';
import { hasEverHadProducts } from '@shop/projections';
import { handleCommand } from '../../platform/commands/handle-command';
import { AppError } from '../../platform/errors';
import type { ShopDeps } from '../../shop-deps';
import { productDecider } from './decide';
import demoProducts from './demo-products.json';
import { productDetailsFrom } from './product-view';

/** How long start-up waits for the catalogue read model to reflect the log before deciding. */
const CATCH_UP_TIMEOUT_MS = 30_000;

/**
 * Seeds the demo catalogue (demo-products.json, images in services/assets/demo-images) into a shop
 * that has never had a product, through the admin's own validation and commands, as 'system'.
 * A shop whose owner deleted every product stays empty. Ids are `demo-{slug}`, so two instances
 * starting together, or a seed cut short and run again, never create a product twice.
 * Products arrive a second apart in file order, so Newest Arrivals has a stable order.
 * Returns how many products it created.
 */
export async function seedDemoCatalogue(deps: ShopDeps): Promise<number> {
  const head = await deps.store.headPosition();
  if (head > 0 && !(await deps.projections.waitForPosition(head, CATCH_UP_TIMEOUT_MS))) {
    deps.logger.warn('demo catalogue not seeded: the catalogue read model did not catch up in time');
    return 0;
  }
  if (hasEverHadProducts(deps.readModels)) return 0;

  const start = deps.clock().getTime() - demoProducts.length * 1000;
  let created = 0;
  for (const [index, { slug, ...product }] of demoProducts.entries()) {
    const input = ProductInput.parse({ ...product, image: `/images/${slug}.webp` });
    const productId = `demo-${slug}`;
    const command = {
      type: 'CreateProduct',
      productId,
      details: productDetailsFrom(input, deps),
      countInStock: input.countInStock,
      at: new Date(start + index * 1000).toISOString(),
    } as const;
    try {
      await handleCommand(deps, productDecider, streams.product(productId), command, { actor: 'system' });
      created += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  deps.logger.info('demo catalogue seeded', { products: created });
  return created;
}
