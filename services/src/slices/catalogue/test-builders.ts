import { type EventData, streams } from '@shop/contracts';
import { handleCommand } from '../../platform/commands/handle-command';
import type { ShopDeps } from '../../shop-deps';
import { productDecider } from './decide';
import type { ProductDetails } from './product';

/** Builders for catalogue test data; override what a test is about. Money in minor units. */
export function aProductDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    name: 'Flex Leggings',
    description: 'High-waisted leggings that stay put.',
    category: 'Leggings',
    price: 4_999_00,
    originalPrice: null,
    image: '/images/flex-leggings.webp',
    thumbnail: '/images/flex-leggings-thumb.webp',
    sizes: ['SM', 'MD', 'LG'],
    isFeatured: false,
    ...overrides,
  };
}

export function aProductCreated(overrides: Partial<EventData<'ProductCreated'>> = {}): {
  type: 'ProductCreated';
  data: EventData<'ProductCreated'>;
} {
  return {
    type: 'ProductCreated',
    data: {
      productId: 'p1',
      ...aProductDetails(),
      countInStock: 5,
      at: '2024-05-01T10:00:00.000Z',
      ...overrides,
    },
  };
}

/** A POST /api/products body; prices in major units as the admin form sends them; a bundled image. */
export function aProductInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Flex Leggings',
    description: 'High-waisted leggings that stay put.',
    category: 'Leggings',
    price: 4999,
    image: '/images/flex-high-rise-leggings.webp',
    sizes: ['SM', 'MD', 'LG'],
    countInStock: 5,
    ...overrides,
  };
}

/** Lists a product straight through the product command (as 'system'), for tests about reading. */
export async function listProduct(
  deps: ShopDeps,
  productId: string,
  overrides: Partial<ProductDetails> & { countInStock?: number; at?: string } = {},
): Promise<void> {
  const { countInStock = 5, at = deps.clock().toISOString(), ...details } = overrides;
  await handleCommand(
    deps,
    productDecider,
    streams.product(productId),
    { type: 'CreateProduct', productId, details: aProductDetails(details), countInStock, at },
    { actor: 'system' },
  );
}
