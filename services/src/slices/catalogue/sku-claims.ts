import { type EventStore, skuKey, streams } from '@shop/contracts';
import { readClaim, releaseClaim, takeClaim } from '../../platform/commands/claims';
import { AppError } from '../../platform/errors';

/** When and by whom SKUs change hands. */
export interface SkuChange {
  at: string;
  actor: string;
}

/**
 * Claims each SKU for the product on its claim stream (`sku-{SKU}`, case-insensitive), the first
 * to append owning it. SKUs the product holds already stay its own. Refuses with 409 when

 * another product holds one (naming the variant's field), giving back those this call took, so a refused save leaves no claim.
 * Returns the SKUs newly taken (to give back if the save then fails).
 */
export async function claimSkus(
  store: EventStore,
  productId: string,
  /** The variants' SKUs in their order, null for a variant without one. */
  skus: readonly (string | null)[],
  change: SkuChange,
): Promise<string[]> {
  const taken: string[] = [];
  for (const [index, given] of skus.entries()) {
    if (given === null) continue;
    const sku = skuKey(given);
    const stream = streams.skuClaim(sku);
    for (;;) {
      const claim = await readClaim(store, stream);
      if (claim.ownerId === productId) break;
      if (claim.ownerId !== undefined) {
        await releaseSkus(store, productId, taken, change);
        const message = `SKU ${sku} is already used by another product.`;
        throw new AppError(409, 'CONFLICT', message, [{ field: `variants.${index}.sku`, message }]);
      }
      if (await takeClaim(store, stream, claim, { value: sku, ownerId: productId, ...change })) {
        taken.push(sku);
        break;
      }
    }
  }
  return taken;
}

/** Gives back SKUs the product holds (one it no longer uses, or all of a deleted product's). */
export async function releaseSkus(
  store: EventStore,
  productId: string,
  skus: readonly string[],
  change: SkuChange,
): Promise<void> {
  for (const sku of new Set(skus.map(skuKey))) {
    await releaseClaim(store, streams.skuClaim(sku), { value: sku, ownerId: productId, ...change });
  }
}
