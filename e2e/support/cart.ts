import type { BrowserContext } from 'playwright-core';
import type { ApiProduct } from './shop-api';

/**
 * Puts one line of the product in the browser's cart (localStorage `shop.cart`) on every page load
 * that finds the cart empty, as a shopper who added it would have it: the cart and checkout show
 * their content, and a checkout that empties the cart finds it filled again on the next visit.
 */
export async function keepALineInTheCart(context: BrowserContext, product: ApiProduct): Promise<void> {
  const line = {
    product: product.id,
    name: product.name,
    image: product.image,
    price: product.price,
    countInStock: product.countInStock,
    qty: 1,
    size: product.sizes[0] ?? '-',
  };
  const value = JSON.stringify(JSON.stringify([line]));
  await context.addInitScript({
    content: `if ((localStorage.getItem('shop.cart') ?? '[]') === '[]') localStorage.setItem('shop.cart', ${value});`,
  });
}
