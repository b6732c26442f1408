import { z } from 'zod';
import { PriceAmount } from './money';

import { SIZES, Size, StockBySize, StockCount } from './sizes';
import { OptionInput, type OptionValues, optionAndVariantIssues, type ProductOption, Sku } from './variants';

export { CatalogueQuery, CatalogueSort, SORTS } from './catalogue-query';
export { SIZES, Size, StockBySize } from './sizes';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An image reference: an uploaded file (`/uploads/...`) or a bundled demo image (`/images/...`). */
export const ImageRef = z
  .string({ error: 'Image is required' })
  .trim()
  .regex(/^\/(uploads|images)\/[A-Za-z0-9._-]+$/, 'Image must be an uploaded image');

/** A variant as the admin sends it; `stock` left out on an edit keeps the variant's units (0 when new). */
export const VariantInput = z.object({
  sku: Sku.nullish(),
  options: z.record(z.string(), z.string().trim()).default({}),
  price: PriceAmount,
  originalPrice: PriceAmount.nullish(),
  stock: StockCount.optional(),
});
export type VariantInput = z.output<typeof VariantInput>;

/** The fields of a product's create and edit payloads, before the rules across fields. */
export const ProductFields = z.object({
  name: text('Name', 120),
  description: text('Description', 5000),
  category: text('Category', 60),
  /** The seed's one price; derived (the lowest variant price) when `variants` are given. */
  price: PriceAmount.optional(),
  originalPrice: PriceAmount.nullish(),
  image: ImageRef,
  /** Up to 3 options (`[{name: 'Colour', values: ['Black', 'Olive']}]`); with them come `variants`. */
  options: z.array(OptionInput).optional(),
  /**
   * One per combination on sale. Ids are the server's: on edit a variant is matched by its option
   * values and keeps its id, history and (when `stock` is left out) its stock.
   */
  variants: z.array(VariantInput).optional(),
  sizes: z
    .array(Size)
    .max(SIZES.length)
    .refine((sizes) => new Set(sizes).size === sizes.length, 'Sizes must not repeat')
    .default([]),
  /** The one count of a product without sizes; derived from `stockBySize` (and ignored) when it has sizes. */
  countInStock: StockCount.optional(),
  /** Units per size, one for every size the product offers (`{"SM": 3, "MD": 5}`); none without sizes. */
  stockBySize: StockBySize.optional(),
  isFeatured: z.boolean().default(false),
});

/**
 * A product with sizes gives a count for each of its sizes and for no other; one without sizes gives
 * its one count. Issues name the field a form shows them beside (`stockBySize.MD`).
 */
export function checkStockAgainstSizes(
  product: { sizes: readonly Size[]; countInStock?: number; stockBySize?: StockBySize },
  context: z.RefinementCtx,
): void {
  const { sizes, countInStock, stockBySize = {} } = product;
  if (sizes.length === 0) {
    if (countInStock === undefined) {
      context.addIssue({ code: 'custom', message: 'Stock is required', path: ['countInStock'] });
    }
    for (const size of Object.keys(stockBySize)) {
      context.addIssue({
        code: 'custom',
        message: `Stock for ${size} needs ${size} among the sizes`,
        path: ['stockBySize', size],
      });
    }
    return;
  }
  for (const size of sizes) {
    if (stockBySize[size] === undefined) {
      context.addIssue({
        code: 'custom',
        message: `Stock for ${size} is required`,
        path: ['stockBySize', size],
      });
    }
  }
  for (const size of Object.keys(stockBySize) as Size[]) {
    if (!sizes.includes(size)) {
      context.addIssue({
        code: 'custom',
        message: `Stock for ${size} needs ${size} among the sizes`,
        path: ['stockBySize', size],
      });
    }
  }
}

/** Units of every size together. */
export const sumStock = (stockBySize: StockBySize): number =>
  Object.values(stockBySize).reduce<number>((sum, units) => sum + (units ?? 0), 0);

/**
 * Units of one size a shopper can order: the size's count for a product with sizes (0 for a size it
 * does not offer), the one count for a product without.
 */
export function unitsOfSize(
  product: {
    sizes: readonly string[];
    countInStock: number;
    stockBySize: Readonly<Partial<Record<string, number>>>;
  },
  size: string,
): number {
  return product.sizes.length === 0 ? product.countInStock : (product.stockBySize[size] ?? 0);
}

/**
 * The stock a product keeps: with sizes, a count per size in the sizes' order and their sum; without,
 * the one count and no sizes. What the client sent as `countInStock` for a product with sizes is ignored.
 */
export function productStock(product: {
  sizes: readonly Size[];
  countInStock?: number;
  stockBySize?: StockBySize;
}): { countInStock: number; stockBySize: StockBySize } {
  if (product.sizes.length === 0) return { countInStock: product.countInStock ?? 0, stockBySize: {} };
  const stockBySize: StockBySize = {};
  for (const size of product.sizes) stockBySize[size] = product.stockBySize?.[size] ?? 0;
  return { countInStock: sumStock(stockBySize), stockBySize };
}

/**
 * A product comes either as the seed gives it (a price, `sizes` with their stock) or with `variants`
 * (and `options`, none for a product in one variant), whose rules `optionAndVariantIssues` checks.
 */
export function checkProductShape(product: z.output<typeof ProductFields>, context: z.RefinementCtx): void {
  if (product.variants === undefined) {
    if (product.options !== undefined) {
      context.addIssue({ code: 'custom', message: 'Give the variants of these options', path: ['variants'] });
      return;
    }
    if (product.price === undefined) {
      context.addIssue({ code: 'custom', message: 'Price is required', path: ['price'] });
      return;
    }
    checkStockAgainstSizes(product, context);
    if (!originalPriceNotBelowPrice({ price: product.price, originalPrice: product.originalPrice }))
      context.addIssue({ code: 'custom', ...ORIGINAL_PRICE_BELOW_PRICE });
    return;
  }
  for (const issue of optionAndVariantIssues(product.options ?? [], product.variants))
    context.addIssue({ code: 'custom', ...issue });
  for (const issue of derivedFieldsContradicted(product, product.variants))
    context.addIssue({ code: 'custom', ...issue });
}

/**
 * With variants, `price`, `sizes` and the stock are derived from them. A body that also gives them (a
 * product's answer sent back) must agree, so an edit of the derived field alone is refused, not ignored.
 */
function derivedFieldsContradicted(
  product: z.output<typeof ProductFields>,
  variants: readonly VariantInput[],
): { message: string; path: string[] }[] {
  const issues: { message: string; path: string[] }[] = [];
  const lowest = Math.min(...variants.map((variant) => variant.price));
  if (product.price !== undefined && variants.length > 0 && product.price !== lowest)
    issues.push({
      message: "With variants, the price is the lowest variant's: change the variants' prices",
      path: ['price'],
    });
  const sizes = product.options?.find((option) => option.name === 'Size')?.values ?? [];
  if (product.sizes.length > 0 && product.sizes.join() !== sizes.join())
    issues.push({ message: 'With variants, the sizes are the Size option’s values', path: ['sizes'] });
  const stocks = variants.map((variant) => variant.stock);
  if (product.countInStock !== undefined && stocks.every((stock) => stock !== undefined)) {
    const total = stocks.reduce<number>((sum, stock) => sum + (stock ?? 0), 0);
    if (total !== product.countInStock)
      issues.push({
        message: "With variants, the stock is the variants': change theirs",
        path: ['countInStock'],
      });
  }
  if (product.stockBySize !== undefined && stocks.every((stock) => stock !== undefined)) {
    const bySize: Record<string, number> = {};
    for (const variant of variants) {
      const size = variant.options.Size;
      if (size !== undefined) bySize[size] = (bySize[size] ?? 0) + (variant.stock ?? 0);
    }
    const given = Object.entries(product.stockBySize);
    if (given.length !== Object.keys(bySize).length || given.some(([size, units]) => bySize[size] !== units))
      issues.push({
        message: "With variants, the stock per size is the variants': change theirs",
        path: ['stockBySize'],
      });
  }
  return issues;
}

/** An original price is the price before a markdown, so it is never below the price. */
export const originalPriceNotBelowPrice = (product: { price: number; originalPrice?: number | null }) =>
  product.originalPrice == null || product.originalPrice >= product.price;
export const ORIGINAL_PRICE_BELOW_PRICE = {
  message: 'Original price must not be below the price',
  path: ['originalPrice'],
};

/**
 * Body of POST /api/products and PUT /api/products/{id}. Parsed, it carries the stock the product
 * keeps (see `productStock`): `countInStock` is the sum of `stockBySize` when there are sizes.
 */
export const ProductInput = ProductFields.superRefine(checkProductShape).transform((product) => ({
  ...product,
  ...productStock(product),
}));
export type ProductInput = z.input<typeof ProductInput>;
export type ParsedProductInput = z.output<typeof ProductInput>;

/** A variant as every read call answers it; money in major units. */
export interface ProductVariant {
  id: string;
  sku: string | null;
  options: OptionValues;
  price: number;
  originalPrice: number | null;
  stock: number;
}

/** A product as every read call answers it; money in major units. */
export interface Product {
  id: string;
  name: string;
  description: string;
  category: string;
  price: number;
  originalPrice: number | null;
  image: string;
  /** Smaller image for cards and lists. */
  thumbnail: string;
  /** Derived from the variants: the Size option's values. */
  sizes: Size[];
  /** Up to 3 options; `[{name: 'Size', values: sizes}]` for a product given as the seed gives it. */
  options: ProductOption[];
  /** One per combination on sale; `price` above is the lowest of theirs. */
  variants: ProductVariant[];
  /** Units for sale: the sum of `stockBySize` when the product has sizes. */
  countInStock: number;
  /** Units for sale per size, in the order of `sizes`; `{}` for a product without sizes. */
  stockBySize: StockBySize;
  rating: number;
  numReviews: number;
  /** Units sold. */
  popularity: number;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryCount {
  category: string;
  count: number;
}

/** Answer of GET /api/catalogue. Category counts ignore the category filter itself. */
export interface CataloguePage {
  products: Product[];
  total: number;
  categories: CategoryCount[];
}

/** Answer of POST /api/upload. */
export interface UploadResult {
  url: string;
  thumbnail: string;
}
