import type { OrderInput } from '@shop/contracts';
import type { PricedProduct } from './pricing';

/** Builders for order test data; override what a test is about. */
export function aPricedProduct(overrides: Partial<PricedProduct> = {}): PricedProduct {
  const sizes = overrides.sizes ?? ['SM', 'MD'];
  const countInStock = overrides.countInStock ?? 5;
  return {
    id: 'p1',
    name: 'Running Tee',
    image: '/images/tee.webp',
    category: 'Shirts',
    price: 4_000,
    sizes,
    countInStock,
    stockBySize: Object.fromEntries(sizes.map((size) => [size, countInStock])),
    deleted: false,
    ...overrides,
  };
}

/** A POST /api/orders body; prices in major units as the browser sends them. */
export function anOrderInput(overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    orderItems: [{ product: 'p1', qty: 2, price: 40, size: 'MD' }],
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    paymentMethod: 'COD',
    itemsPrice: 80,
    shippingPrice: 200,
    totalPrice: 280,
    ...overrides,
  };
}
