import { type Product, unitsOfSize } from '@shop/contracts';
import { type CartLine, NO_SIZE } from '../../lib/cart';

/**
 * The cart with each line's price and stock (of the line's size) as the catalogue has them now:
 * quantities are capped at the new stock and sold-out lines are dropped. Products that could not be
 * read stay as they were.
 */
export async function refreshCartLines(
  lines: readonly CartLine[],
  fetchProduct: (id: string) => Promise<Product>,
): Promise<CartLine[]> {
  const ids = [...new Set(lines.map((line) => line.product))];
  const products = await Promise.all(ids.map((id) => fetchProduct(id).catch(() => undefined)));
  const byId = new Map(products.flatMap((product) => (product ? [[product.id, product] as const] : [])));
  return lines.flatMap((line) => {
    const product = byId.get(line.product);
    if (!product) return [line];
    const units = unitsOfSize(product, line.size === NO_SIZE ? '' : line.size);
    if (units <= 0) return [];
    return [
      {
        ...line,
        name: product.name,
        price: product.price,
        countInStock: units,
        qty: Math.min(line.qty, units),
      },
    ];
  });
}
