import {
  ORIGINAL_PRICE_BELOW_PRICE,
  originalPriceNotBelowPrice,
  type Product,
  ProductFields,
  type ProductInput,
  type Size,
} from '@shop/contracts';
import { type FieldErrors, fieldErrorsOf } from '../../../../lib/form-errors';

/** The form's fields as typed: numbers stay text so an emptied field stays empty. */
export interface ProductFormValues {
  name: string;
  category: string;
  price: string;
  originalPrice: string;
  countInStock: string;
  description: string;
  sizes: Size[];
  isFeatured: boolean;
}

export type ProductField = keyof ProductFormValues | 'image';

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
export const FIELD_ORDER: readonly ProductField[] = [
  'name',
  'category',
  'price',
  'originalPrice',
  'countInStock',
  'description',
  'sizes',
  'isFeatured',
  'image',
];

export const emptyProductForm: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  originalPrice: '',
  countInStock: '',
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
    description: product.description,
    sizes: [...product.sizes],
    isFeatured: product.isFeatured,
  };
}

/** Everything of the product body except the image, which is uploaded once the rest is valid. */
const ProductDetails = ProductFields.omit({ image: true }).refine(
  originalPriceNotBelowPrice,
  ORIGINAL_PRICE_BELOW_PRICE,
);
export type ProductDetails = Omit<ProductInput, 'image'>;

export type ParsedProductForm = { ok: true; details: ProductDetails } | { ok: false; errors: FieldErrors };

const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * Checks the form with the contracts' ProductInput rules (less the image) and converts the numbers.
 * An empty price or stock is refused as required; it is never read as 0.
 */
export function parseProductForm(values: ProductFormValues): ParsedProductForm {
  const result = ProductDetails.safeParse({
    name: values.name,
    category: values.category,
    description: values.description,
    price: toNumber(values.price),
    originalPrice: toNumber(values.originalPrice) ?? null,
    countInStock: toNumber(values.countInStock),
    sizes: values.sizes,
    isFeatured: values.isFeatured,
  });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
      const key = field.split('.')[0] ?? field;
      errors[key] ??= withLabel(key, message);
    }
  }
  for (const field of ['price', 'countInStock'] as const) {
    if (values[field].trim() === '') errors[field] = `${FIELD_LABELS[field]} is required`;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: result.data };
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
