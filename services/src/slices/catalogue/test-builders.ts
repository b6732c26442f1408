import { type EventData, type StockBySize, streams, variantsFromSizes } from '@shop/contracts';
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

/**
 * Stock per size for tests that speak of one count: all of it on the first size (where orders built
 * by the test kits take their size), the other sizes at 0; `{}` without sizes.
 */
export function stockOnFirstSize(sizes: readonly string[], countInStock: number): StockBySize {
  return Object.fromEntries(sizes.map((size, index) => [size, index === 0 ? countInStock : 0]));
}

/**
 * ProductCreated/ProductUpdated data given as the seed gives a product (sizes and their stock), with
 * the options and variants it makes: a Size option, one variant per size (ids `{productId}-{size}`).
 */
export function withSizeVariants<T extends Omit<EventData<'ProductCreated'>, 'options' | 'variants'>>(
  data: T,
): T & Pick<EventData<'ProductCreated'>, 'options' | 'variants'> {
  return { ...data, ...variantsFromSizes(data) };
}

export function aProductCreated(
  overrides: Partial<Omit<EventData<'ProductCreated'>, 'options' | 'variants'>> = {},
): {
  type: 'ProductCreated';
  data: EventData<'ProductCreated'>;
} {
  const details = { ...aProductDetails(), countInStock: 5, ...overrides };
  return {
    type: 'ProductCreated',
    data: withSizeVariants({
      productId: 'p1',
      stockBySize: stockOnFirstSize(details.sizes, details.countInStock),
      at: '2024-05-01T10:00:00.000Z',
      ...details,
    }),
  };
}

/**
 * A POST /api/products body; prices in major units as the admin form sends them; a bundled image.
 * Without `stockBySize`, a product with sizes has its `countInStock` on its first size.
 */
export function aProductInput(overrides: Record<string, unknown> = {}) {
  const input = {
    name: 'Flex Leggings',
    description: 'High-waisted leggings that stay put.',
    category: 'Leggings',
    price: 4999,
    image: '/images/flex-high-rise-leggings.webp',
    sizes: ['SM', 'MD', 'LG'],
    countInStock: 5,
    ...overrides,
  };
  const { sizes, countInStock } = input;
  if (
    'stockBySize' in overrides ||
    !Array.isArray(sizes) ||
    sizes.length === 0 ||
    typeof countInStock !== 'number'
  )
    return input;
  return { ...input, stockBySize: stockOnFirstSize(sizes, countInStock) };
}

/** Lists a product straight through the product command (as 'system'), for tests about reading. */
export async function listProduct(
  deps: ShopDeps,
  productId: string,
  overrides: Partial<ProductDetails> & { countInStock?: number; at?: string } = {},
): Promise<void> {
  const { countInStock = 5, at = deps.clock().toISOString(), ...changed } = overrides;
  const details = aProductDetails(changed);
  const stockBySize = stockOnFirstSize(details.sizes, countInStock);
  await handleCommand(
    deps,
    productDecider,
    streams.product(productId),
    { type: 'CreateProduct', productId, details, countInStock, stockBySize, at },
    { actor: 'system' },
  );
}
