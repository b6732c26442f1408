import { DEFAULT_SHIPPING, type Order, type OrderInput, type Product } from '@shop/contracts';
import { registerUser, type SignedInUser, signInAdmin, type TestShop } from '../../test-support/test-shop';
import { stockOnFirstSize } from '../catalogue/test-builders';

/** Helpers for the order and affiliate API tests: products, orders with correct totals, reviews. */

export const DEMO_IMAGE = '/images/airlift-high-support-bra.webp';

export async function createProduct(
  t: TestShop,
  admin: SignedInUser,
  overrides: {
    name?: string;
    price?: number;
    /** On the first size when the product has sizes and `stockBySize` is not given. */
    countInStock?: number;
    stockBySize?: Record<string, number>;
    sizes?: string[];
    category?: string;
  } = {},
): Promise<Product> {
  const sizes = overrides.sizes ?? ['SM', 'MD'];
  const countInStock = overrides.countInStock ?? 5;
  const response = await t.request<Product>('POST', '/api/products', {
    token: admin.token,
    body: {
      name: overrides.name ?? 'Running Tee',
      description: 'A light tee for long runs.',
      category: overrides.category ?? 'Shirts',
      price: overrides.price ?? 40,
      image: DEMO_IMAGE,
      sizes,
      countInStock,
      stockBySize: overrides.stockBySize ?? stockOnFirstSize(sizes, countInStock),
    },
  });
  if (response.status !== 201)
    throw new Error(`createProduct: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export interface Line {
  product: Product;
  qty: number;
  size?: string;
}

/**
 * A POST /api/orders body whose totals are what the shop will compute (the client's view when
 * nothing changed): 5% off with an affiliate code, shipping by the default rule (PKR 200 unless the
 * subtotal is over PKR 1,500), as a test shop is configured.
 */
export function orderBody(lines: Line[], extra: Partial<OrderInput> = {}): OrderInput {
  const itemsPrice = lines.reduce((sum, l) => sum + l.product.price * l.qty, 0);
  const discount = extra.affiliateCode ? Math.round(itemsPrice * 5) / 100 : 0;
  const shippingPrice = itemsPrice > DEFAULT_SHIPPING.freeShippingOver ? 0 : DEFAULT_SHIPPING.shippingFee;
  return {
    orderItems: lines.map((l) => ({
      product: l.product.id,
      qty: l.qty,
      price: l.product.price,
      size: l.size ?? l.product.sizes[0] ?? '',
    })),
    shippingAddress: {
      fullName: 'Ayesha Khan',
      address: '1 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
      country: 'Pakistan',
      phone: '0300-1234567',
    },
    paymentMethod: 'COD',
    itemsPrice,
    shippingPrice,
    totalPrice: Math.round((itemsPrice - discount + shippingPrice) * 100) / 100,
    ...extra,
  };
}

export async function placeOrderOk(
  t: TestShop,
  user: SignedInUser,
  lines: Line[],
  extra: Partial<OrderInput> = {},
): Promise<Order> {
  const response = await t.request<Order>('POST', '/api/orders', {
    token: user.token,
    body: orderBody(lines, extra),
  });
  if (response.status !== 201)
    throw new Error(`placeOrder: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function setStatus(
  t: TestShop,
  admin: SignedInUser,
  orderId: string,
  status: string,
): Promise<Order> {
  const response = await t.request<Order>('PUT', `/api/admin/orders/${orderId}/status`, {
    token: admin.token,
    body: { status },
  });
  if (response.status !== 200)
    throw new Error(`setStatus: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Moves an order on to Delivered (through Dispatched), as the admin would. */
export async function deliver(t: TestShop, admin: SignedInUser, orderId: string): Promise<Order> {
  await setStatus(t, admin, orderId, 'Dispatched');
  return setStatus(t, admin, orderId, 'Delivered');
}

/** Stock as the catalogue shows it now. */
export async function stockOf(t: TestShop, product: Product): Promise<number> {
  return (await t.request<Product>('GET', `/api/products/${product.id}`)).body.countInStock;
}

let deliveries = 0;

/**
 * A delivered order of one unit of the product for `user` (paid by wallet, to an address and phone
 * of her own), as the admin moves it on. Only a buyer of a delivered line reviews it.
 */
export async function deliveredOrderOf(t: TestShop, user: SignedInUser, product: Product): Promise<Order> {
  deliveries += 1;
  const admin = await signInAdmin(t);
  const order = await placeOrderOk(t, user, [{ product, qty: 1 }], {
    paymentMethod: 'Card',
    shippingAddress: {
      ...orderBody([]).shippingAddress,
      fullName: user.name,
      address: `Flat ${deliveries}, ${user.id}`,
      phone: `0321${String(1_000_000 + deliveries).slice(-7)}`,
    },
  });
  return deliver(t, admin, order.id);
}

/** A delivered order of the product for `user`, then her review of it (5 stars, "Great"). */
export async function postReview(t: TestShop, user: SignedInUser, product: Product): Promise<void> {
  await deliveredOrderOf(t, user, product);
  const response = await t.request('POST', '/api/reviews', {
    token: user.token,
    body: { productId: product.id, rating: 5, comment: 'Great' },
  });
  if (response.status !== 201)
    throw new Error(`postReview: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Registers `count` customers one after the other. */
export async function registerUsers(t: TestShop, count: number): Promise<SignedInUser[]> {
  const users: SignedInUser[] = [];
  for (let i = 0; i < count; i++) users.push(await registerUser(t));
  return users;
}
