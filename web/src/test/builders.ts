import type { Product, ReviewableLine, ShopInfo } from '@shop/contracts';
import type { CartLine } from '../lib/cart';
import type { Session, SessionUser } from '../lib/session';

let sequence = 0;
const nextId = () => String(++sequence);

/**
 * A product. With `stockBySize`, `countInStock` is its sum; without, every size has `countInStock`
 * units, so a test about one count reads the same whichever size it picks.
 */
export function aProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId();
  const sizes = overrides.sizes ?? ['SM', 'MD', 'LG'];
  const stockBySize =
    overrides.stockBySize ?? Object.fromEntries(sizes.map((size) => [size, overrides.countInStock ?? 20]));
  const countInStock = overrides.stockBySize
    ? Object.values(overrides.stockBySize).reduce((sum, units) => sum + units, 0)
    : (overrides.countInStock ?? 20);
  return {
    id,
    name: `Training Tee ${id}`,
    description: 'Breathable training tee',
    category: 'Tops',
    price: 2499,
    originalPrice: null,
    image: `/uploads/tee-${id}.webp`,
    thumbnail: `/uploads/tee-${id}-thumb.webp`,
    sizes,
    options: sizes.length === 0 ? [] : [{ name: 'Size', values: [...sizes] }],
    variants: (sizes.length === 0 ? [''] : sizes).map((size: string) => ({
      id: `${id}-${size || 'one'}`,
      sku: null,
      options: size ? ({ Size: size } as Record<string, string>) : {},
      price: overrides.price ?? 2499,
      originalPrice: overrides.originalPrice ?? null,
      stock: size ? ((stockBySize as Record<string, number>)[size] ?? 0) : countInStock,
    })),
    countInStock,
    stockBySize,
    rating: 4.5,
    numReviews: 3,
    popularity: 10,
    isFeatured: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    product: 'p1',
    name: 'Training Tee',
    image: '/uploads/tee.webp',
    price: 2499,
    countInStock: 5,
    qty: 1,
    size: 'MD',
    ...overrides,
  };
}

export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: nextId(),
    name: 'Ayesha Khan',
    email: 'ayesha@example.pk',
    emailVerified: true,
    contact: '0300-1234567',
    isAdmin: false,
    affiliateUseCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSession(user: Partial<SessionUser> = {}): Session {
  return { user: aUser(user) };
}

/** The shop's details as a configured shop answers `GET /api/shop`: every account and contact set. */
export function aShopInfo(overrides: Partial<ShopInfo> = {}): ShopInfo {
  return {
    name: 'Test Fitness',
    currency: 'PKR',
    freeShippingOver: 1500,
    shippingFee: 200,
    affiliateDiscountRate: 0.05,
    returnsWindowDays: 7,
    paymentMethods: [
      { method: 'COD', label: 'Cash on Delivery' },
      {
        method: 'Card',
        label: 'Jazz Cash / EasyPaisa / Bank Account',
        accounts: {
          accountTitle: 'Test Fitness (Pvt) Ltd',
          jazzCash: '0301-2345678',
          easyPaisa: '0345-6789012',
          bankIban: 'PK36SCBL0000001123456702',
          raastId: null,
        },
      },
    ],
    onlinePayments: { jazzCash: false },
    support: {
      phone: '+92 321 4567890',
      email: 'help@testfitness.pk',
      chatUrl: 'https://wa.me/923214567890',
    },
    claims: { customerCount: null },
    ...overrides,
  };
}

/** A delivered order line the signed-in shopper may still review. */
export function aReviewableLine(overrides: Partial<ReviewableLine> = {}): ReviewableLine {
  return {
    orderId: 'o1',
    lineId: 'l1',
    reference: 'AB-234567',
    productId: 'p1',
    name: 'Core Hoodie',
    size: 'MD',
    deliveredAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}
