import { ProductInput, streams } from '@shop/contracts';
import { hasEverHadProducts } from '@shop/projections';
import { readClaim, takeClaim } from '../../platform/commands/claims';
import { handleCommand } from '../../platform/commands/handle-command';
import { AppError } from '../../platform/errors';
import type { ShopDeps } from '../../shop-deps';
import { productDecider } from './decide';
import demoProducts from './demo-products.json';
import { productDetailsFrom } from './product-view';

/** How long start-up waits for the catalogue read model to reflect the log before deciding. */
const CATCH_UP_TIMEOUT_MS = 30_000;
/** A claim this old whose seed never produced a product was left by a crash: another start takes it over. */
const ABANDONED_CLAIM_MS = 5 * 60_000;

/**
 * Seeds the demo catalogue (demo-products.json, images in services/assets/demo-images) into a shop
 * that has never had a product, through the admin's own validation and commands, as 'system'.
 * A shop whose owner deleted every product stays empty. Several instances starting together on an
 * empty store race for the demo-catalogue claim stream and only its winner seeds; ids are
 * `demo-{slug}`, so even a seed taken over after a crash never creates a product twice.
 * Products arrive a second apart in file order, counted back from the claim, so Newest Arrivals has
 * a stable order. Returns how many products it created.
 */
export async function seedDemoCatalogue(deps: ShopDeps): Promise<number> {
  const head = await deps.store.headPosition();
  if (head > 0 && !(await deps.projections.waitForPosition(head, CATCH_UP_TIMEOUT_MS))) {
    deps.logger.warn('demo catalogue not seeded: the catalogue read model did not catch up in time');
    return 0;
  }
  if (hasEverHadProducts(deps.readModels)) return 0;
  const claimedAt = await claimTheSeed(deps);
  if (claimedAt === undefined) {
    deps.logger.info('demo catalogue: another instance is seeding it');
    return 0;
  }

  const start = Date.parse(claimedAt) - demoProducts.length * 1000;
  let created = 0;
  for (const [index, { slug, ...product }] of demoProducts.entries()) {
    const input = ProductInput.parse({ ...product, image: `/images/${slug}.webp` });
    const productId = `demo-${slug}`;
    const command = {
      type: 'CreateProduct',
      productId,
      details: productDetailsFrom(input, deps),
      countInStock: input.countInStock,
      stockBySize: input.stockBySize,
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

/** The claim's time when this start won the seed (or took over an abandoned one); undefined otherwise. */
async function claimTheSeed(deps: ShopDeps): Promise<string | undefined> {
  const stream = streams.demoCatalogueClaim();
  const claim = await readClaim(deps.store, stream);
  const now = deps.clock();
  if (claim.ownerId && !(now.getTime() - Date.parse(claim.claimedAt ?? '') >= ABANDONED_CLAIM_MS)) {
    return undefined;
  }
  const at = now.toISOString();
  const change = { value: 'demo-catalogue', ownerId: deps.newId(), at, actor: 'system' };
  return (await takeClaim(deps.store, stream, claim, change)) ? at : undefined;
}
