import {
  checkStockAgainstSizes,
  ORIGINAL_PRICE_BELOW_PRICE,
  originalPriceNotBelowPrice,
  type Product,
  ProductFields,
  type ProductInput,
  SIZES,
  type Size,
} from '@shop/contracts';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';

/** The form's fields as typed: numbers stay text so an emptied field stays empty. */
export interface ProductFormValues {
  name: string;
  category: string;
  price: string;
  originalPrice: string;
  /** The one count of a product without sizes. */
  countInStock: string;
  /** The count of each chosen size; a size unticked keeps what was typed, unsent. */
  stockBySize: Partial<Record<Size, string>>;
  description: string;
  sizes: Size[];
  isFeatured: boolean;
}

export type ProductField = Exclude<keyof ProductFormValues, 'stockBySize'> | 'image';

/** The error key and input of one size's count. */
export const sizeStockField = (size: Size) => `stockBySize.${size}`;

export const FIELD_LABELS: Readonly<Record<ProductField, string>> = {
  name: 'Name',
  category: 'Category',
  price: 'Price',
  originalPrice: 'Original price',
  countInStock: 'Stock',
  description: 'Description',
  sizes: 'Sizes',
  isFeatured: 'Featured',
  image: 'Image',
};

/** The order in which fields appear, so the first problem can get focus. */
export const FIELD_ORDER: readonly string[] = [
  'name',
  'category',
  'price',
  'originalPrice',
  'countInStock',
  'description',
  'sizes',
  ...SIZES.map(sizeStockField),
  'isFeatured',
  'image',
];

export const emptyProductForm: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  originalPrice: '',
  countInStock: '',
  stockBySize: {},
  description: '',
  sizes: [],
  isFeatured: false,
};

export function valuesFromProduct(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    price: String(product.price),
    originalPrice: product.originalPrice == null ? '' : String(product.originalPrice),
    countInStock: String(product.countInStock),
    stockBySize: Object.fromEntries(
      Object.entries(product.stockBySize).map(([size, units]) => [size, String(units)]),
    ),
    description: product.description,
    sizes: [...product.sizes],
    isFeatured: product.isFeatured,
  };
}

/** Everything of the product body except the image, which is uploaded once the rest is valid. */
const ProductDetails = ProductFields.omit({ image: true, options: true, variants: true })
  .required({ price: true })
  .superRefine(checkStockAgainstSizes)
  .refine(originalPriceNotBelowPrice, ORIGINAL_PRICE_BELOW_PRICE);
export type ProductDetails = Omit<ProductInput, 'image'>;

export type ParsedProductForm = { ok: true; details: ProductDetails } | { ok: false; errors: FieldErrors };

const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * Checks the form with the contracts' ProductInput rules (less the image) and converts the numbers.
 * An empty price or stock is refused as required; it is never read as 0.
 */
export function parseProductForm(values: ProductFormValues): ParsedProductForm {
  const sized = values.sizes.length > 0;
  const result = ProductDetails.safeParse({
    name: values.name,
    category: values.category,
    description: values.description,
    price: toNumber(values.price),
    originalPrice: toNumber(values.originalPrice) ?? null,
    ...(sized ? { stockBySize: stockNumbers(values) } : { countInStock: toNumber(values.countInStock) }),
    sizes: values.sizes,
    isFeatured: values.isFeatured,
  });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
      // A size's count keeps its own key (`stockBySize.SM`); other nested paths belong to their field.
      const key = field.startsWith('stockBySize.') ? field : (field.split('.')[0] ?? field);
      errors[key] ??= withLabel(key, message);
    }
  }
  if (values.price.trim() === '') errors.price = `${FIELD_LABELS.price} is required`;
  if (!sized && values.countInStock.trim() === '')
    errors.countInStock = `${FIELD_LABELS.countInStock} is required`;
  for (const size of values.sizes) {
    if ((values.stockBySize[size] ?? '').trim() === '')
      errors[sizeStockField(size)] = `Stock for ${size} is required`;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: result.data };
}

/** The counts typed for the chosen sizes; an empty box is left out (and said to be required). */
function stockNumbers(values: ProductFormValues): Partial<Record<Size, number>> {
  const typed = values.sizes.flatMap((size) => {
    const units = toNumber(values.stockBySize[size] ?? '');
    return units === undefined ? [] : [[size, units] as const];
  });
  return Object.fromEntries(typed);
}

// Money rules in contracts say "must be greater than 0"; they expect the field's name in front.
function withLabel(field: string, message: string): string {
  if (!/^[a-z]/.test(message)) return message;
  const label = FIELD_LABELS[field as ProductField] ?? field;
  return `${label} ${message}`;
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The client's check of a picked file; the server checks the content again. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Image must be an image file (JPEG, PNG, WebP, AVIF or GIF)';
  if (file.size > MAX_IMAGE_BYTES) return 'Image must be at most 5 MB';
  return null;
}
