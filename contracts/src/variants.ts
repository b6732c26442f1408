import { z } from 'zod';
import { SIZES, type Size, type StockBySize } from './sizes';

/** At most this many options per product (Colour, Size, Fit), as the platforms shoppers know. */
export const MAX_OPTIONS = 3;
/** At most this many variants per product. */
export const MAX_VARIANTS = 100;
/** The option the seed's `sizes` means; its values are the size codes (`SM`, `MD`, ...). */
export const SIZE_OPTION = 'Size';

/** An option a product is sold in and its values, in the admin's order: `{name: 'Colour', values: ['Black', 'Olive']}`. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** Option values of one variant, by option name: `{"Colour": "Black", "Size": "MD"}`. */
export type OptionValues = Record<string, string>;

/** A variant as the events store it: money in minor units. */
export interface StoredVariant {
  id: string;
  /** Unique in the shop (case-insensitive) when given; null for a variant without one. */
  sku: string | null;
  options: OptionValues;
  price: number;
  originalPrice: number | null;
  stock: number;
}

/** The Size value of a variant; `''` for a product without a Size option. */
export const sizeOfVariant = (variant: { options: OptionValues }): string =>
  variant.options[SIZE_OPTION] ?? '';

/** One key for a combination of option values, in the options' order, so a match ignores key order. */
export function combinationKey(options: readonly ProductOption[], values: OptionValues): string {
  return JSON.stringify(options.map((option) => values[option.name] ?? null));
}

/** The same SKU whatever its case. */
export const skuKey = (sku: string): string => sku.trim().toUpperCase();

/**
 * The id of a variant of a product saved before options (or saved since with the seed's payload):
 * derived from the product's id and its size, `{productId}-{size}`, or `{productId}-one` without sizes,
 * the same on every read, so an old product's variants keep their ids when it is upcast again.
 */
export const derivedVariantId = (productId: string, size: string): string =>
  `${productId}-${size === '' ? 'one' : size}`;

/** The options and variants of a product given as the seed gives it: sizes as a Size option, one variant per size. */
export function variantsFromSizes(product: {
  productId: string;
  sizes: readonly Size[];
  countInStock: number;
  stockBySize: StockBySize;
  price: number;
  originalPrice: number | null;
}): { options: ProductOption[]; variants: StoredVariant[] } {
  const { productId, sizes, price, originalPrice } = product;
  if (sizes.length === 0) {
    return {
      options: [],
      variants: [
        {
          id: derivedVariantId(productId, ''),
          sku: null,
          options: {},
          price,
          originalPrice,
          stock: product.countInStock,
        },
      ],
    };
  }
  return {
    options: [{ name: SIZE_OPTION, values: [...sizes] }],
    variants: sizes.map((size) => ({
      id: derivedVariantId(productId, size),
      sku: null,
      options: { [SIZE_OPTION]: size },
      price,
      originalPrice,
      stock: product.stockBySize[size] ?? 0,
    })),
  };
}

/**
 * What a product shows from its variants: `price` the lowest variant price (with that variant's
 * original price), `sizes` the Size option's values, `stockBySize` the units of each size over every
 * variant of it, `countInStock` all units.
 */
export function derivedFromVariants(
  options: readonly ProductOption[],
  variants: readonly Pick<StoredVariant, 'options' | 'price' | 'originalPrice' | 'stock'>[],
): {
  price: number;
  originalPrice: number | null;
  sizes: Size[];
  stockBySize: StockBySize;
  countInStock: number;
} {
  const sizes = (options.find((option) => option.name === SIZE_OPTION)?.values ?? []) as Size[];
  const stockBySize: StockBySize = {};
  for (const size of sizes) stockBySize[size] = 0;
  let countInStock = 0;
  let cheapest = variants[0];
  for (const variant of variants) {
    countInStock += variant.stock;
    const size = sizeOfVariant(variant) as Size;
    if (stockBySize[size] !== undefined) stockBySize[size] += variant.stock;
    if (cheapest && variant.price < cheapest.price) cheapest = variant;
  }
  return {
    price: cheapest?.price ?? 0,
    originalPrice: cheapest?.originalPrice ?? null,
    sizes,
    stockBySize,
    countInStock,
  };
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const OptionInput = z.object({
  name: text('Option name', 30),
  values: z
    .array(text('Option value', 40), { error: 'Values are required' })
    .min(1, 'Give the option at least one value')
    .max(50, 'An option has at most 50 values'),
});

/** A stock-keeping unit: letters, digits and `._-/`, up to 64 characters. */
export const Sku = z
  .string()
  .trim()
  .min(1, 'SKU must not be empty')
  .max(64, 'SKU must be at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'SKU may only use letters, digits and . _ - /');

/** Is this size code one of ours? */
export const isSize = (value: string): value is Size => (SIZES as readonly string[]).includes(value);

type Issue = { message: string; path: (string | number)[] };

/**
 * The rules across options and variants, as issues a form shows beside the field: at most 3
 * options, names and values that do not repeat (case-insensitive), a Size option's values among
 * the size codes, and 1 to 100 variants, each naming exactly one value of every option, no two
 * alike, no SKU twice, an original price never below the price. Without options, one variant.
 */
export function optionAndVariantIssues(
  options: readonly ProductOption[],
  variants: readonly {
    sku?: string | null;
    options: OptionValues;
    price: number;
    originalPrice?: number | null;
  }[],
): Issue[] {
  const issues: Issue[] = [];
  if (options.length > MAX_OPTIONS)
    issues.push({ message: `At most ${MAX_OPTIONS} options`, path: ['options'] });
  const names = new Set<string>();
  options.forEach((option, index) => {
    const key = option.name.toLowerCase();
    if (names.has(key))
      issues.push({ message: `${option.name} is already an option`, path: ['options', index, 'name'] });
    names.add(key);
    if (key === SIZE_OPTION.toLowerCase() && option.name !== SIZE_OPTION)
      issues.push({ message: `Call the size option "${SIZE_OPTION}"`, path: ['options', index, 'name'] });
    const values = new Set<string>();
    option.values.forEach((value, valueIndex) => {
      const path = ['options', index, 'values', valueIndex];
      if (values.has(value.toLowerCase())) issues.push({ message: `${value} is already a value`, path });
      values.add(value.toLowerCase());
      if (option.name === SIZE_OPTION && !isSize(value))
        issues.push({ message: `Size must be one of ${SIZES.join(', ')}`, path });
    });
  });
  if (variants.length === 0) issues.push({ message: 'Add at least one variant', path: ['variants'] });
  if (variants.length > MAX_VARIANTS)
    issues.push({ message: `At most ${MAX_VARIANTS} variants`, path: ['variants'] });
  if (options.length === 0 && variants.length > 1)
    issues.push({ message: 'A product without options has one variant', path: ['variants'] });
  const combinations = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, index) => {
    for (const option of options) {
      const value = variant.options[option.name];
      const path = ['variants', index, 'options', option.name];
      if (value === undefined) issues.push({ message: `Choose a ${option.name}`, path });
      else if (!option.values.includes(value))
        issues.push({ message: `${value} is not a ${option.name} of this product`, path });
    }
    for (const name of Object.keys(variant.options)) {
      if (!options.some((option) => option.name === name))
        issues.push({ message: `There is no option ${name}`, path: ['variants', index, 'options', name] });
    }
    const combination = combinationKey(options, variant.options);
    if (combinations.has(combination))
      issues.push({ message: 'Another variant has the same options', path: ['variants', index, 'options'] });
    combinations.add(combination);
    if (variant.sku != null) {
      if (skus.has(skuKey(variant.sku)))
        issues.push({ message: `SKU ${variant.sku} is used twice`, path: ['variants', index, 'sku'] });
      skus.add(skuKey(variant.sku));
    }
    if (variant.originalPrice != null && variant.originalPrice < variant.price)
      issues.push({
        message: 'Original price must not be below the price',
        path: ['variants', index, 'originalPrice'],
      });
  });
  return issues;
}
