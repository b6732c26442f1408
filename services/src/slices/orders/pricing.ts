import {
  type Minor,
  type OrderInput,
  type OrderPricing,
  priceOrder,
  type ShippingRule,
  toMinor,
  unitsOfSize,
} from '@shop/contracts';
import { AppError, conflict, notFound } from '../../platform/errors';
import { outOfStockMessage } from '../catalogue/decide';
import { type OrderLine, unitsByProductAndSize } from './order';

/** What pricing needs to know about a product, as the catalogue has it now. */
export interface PricedProduct {
  id: string;
  name: string;
  image: string;
  category: string;
  /** Unit price in minor units. */
  price: Minor;
  sizes: readonly string[];
  countInStock: number;
  /** Units per size; `{}` for a product without sizes. */
  stockBySize: Readonly<Partial<Record<string, number>>>;
  deleted: boolean;
}

export const PRICE_CHANGED_MESSAGE =
  'Prices have changed since you loaded the page. Please review your cart and try again.';

/**
 * Turns the client's lines into priced order lines from the catalogue as it is now: every product
 * must exist and be on sale, carry a size it offers (when it has sizes), and have the units of that size in stock.
 * The client's line prices are ignored. Pure: products and line ids come in as arguments.
 */
export function priceLines(
  items: OrderInput['orderItems'],
  findProduct: (id: string) => PricedProduct | undefined,
  newLineId: () => string,
): OrderLine[] {
  const found = new Map<string, PricedProduct>();
  const lines = items.map((item, index): OrderLine => {
    const product = findProduct(item.product);
    if (!product) throw notFound(`Product ${item.product} was not found. Please remove it from your cart.`);
    if (product.deleted) {
      throw new AppError(400, 'VALIDATION_FAILED', `"${product.name}" is no longer available.`, [
        { field: `orderItems.${index}.product`, message: 'is no longer available' },
      ]);
    }
    const size = product.sizes.length === 0 ? '' : item.size;
    if (product.sizes.length > 0 && !product.sizes.includes(size)) {
      const message =
        size === ''
          ? `Please choose a size for "${product.name}".`
          : `Size ${size} is not available for "${product.name}".`;
      throw new AppError(400, 'VALIDATION_FAILED', message, [{ field: `orderItems.${index}.size`, message }]);
    }
    found.set(product.id, product);
    return {
      lineId: newLineId(),
      productId: product.id,
      name: product.name,
      image: product.image,
      category: product.category,
      unitPrice: product.price,
      qty: item.qty,
      size,
    };
  });
  for (const { productId, size, qty } of unitsByProductAndSize(lines)) {
    const product = found.get(productId)!;
    const inStock = unitsOfSize(product, size);
    if (qty > inStock) throw conflict(outOfStockMessage(product.name, inStock, size), 'OUT_OF_STOCK');
  }
  return lines;
}

/** Prices the lines with the shop's shipping rule and refuses when the client saw different totals. */
export function priceAndCompare(
  lines: readonly OrderLine[],
  withAffiliateDiscount: boolean,
  client: Pick<OrderInput, 'itemsPrice' | 'shippingPrice' | 'totalPrice'>,
  shipping: ShippingRule,
): OrderPricing {
  const pricing = priceOrder(lines, withAffiliateDiscount, shipping);
  const same =
    toMinor(client.itemsPrice) === pricing.itemsPrice &&
    toMinor(client.shippingPrice) === pricing.shippingPrice &&
    toMinor(client.totalPrice) === pricing.totalPrice;
  if (!same) throw conflict(PRICE_CHANGED_MESSAGE, 'PRICE_CHANGED');
  return pricing;
}
