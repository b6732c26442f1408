import { DEFAULT_SHIPPING, priceOrder, toMinor } from '@shop/contracts';

/**
 * POST /api/orders bodies, one product after another from `prices` (id -> price as the product page
 * shows it, major units), priced as the server prices them (default shipping rule) so every order is accepted.
 * `qtyOf` picks each order's quantity from its number (1, 2, ...).
 */
export function orderBodies(
  prices: ReadonlyMap<string, number>,
  qtyOf: (n: number) => number = () => 1,
): () => string {
  const ids = [...prices.keys()];
  let n = 0;
  return () => {
    const id = ids[n++ % ids.length]!;
    const price = prices.get(id)!;
    const qty = qtyOf(n);
    const pricing = priceOrder([{ unitPrice: toMinor(price), qty }], false, DEFAULT_SHIPPING);
    return JSON.stringify({
      orderItems: [{ product: id, qty, price, size: 'SM' }],
      shippingAddress: {
        fullName: 'Bench Shopper',
        address: '1 Mall Road',
        city: 'Lahore',
        postalCode: '54000',
        country: 'Pakistan',
        phone: '0300-1234567',
      },
      paymentMethod: 'COD',
      itemsPrice: pricing.itemsPrice / 100,
      shippingPrice: pricing.shippingPrice / 100,
      totalPrice: pricing.totalPrice / 100,
    });
  };
}
