import { z } from 'zod';
import { PriceAmount } from './money';

/** Sizes the admin form offers; the shopping filter uses their lower-case forms. */
export const SIZES = ['SM', 'MD', 'LG', 'XL', '2XL', '3XL', '4XL'] as const;
export const Size = z.enum(SIZES, { error: `must be one of ${SIZES.join(', ')}` });
export type Size = z.infer<typeof Size>;

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

/** The fields of a product's create and edit payloads, before the rules across fields. */
export const ProductFields = z.object({
  name: text('Name', 120),
  description: text('Description', 5000),
  category: text('Category', 60),
  price: PriceAmount,
  originalPrice: PriceAmount.nullish(),
  image: ImageRef,
  sizes: z
    .array(Size)
    .max(SIZES.length)
    .refine((sizes) => new Set(sizes).size === sizes.length, 'Sizes must not repeat')
    .default([]),
  countInStock: z
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock must not be negative')
    .max(1_000_000, 'Stock must be at most 1,000,000'),
  isFeatured: z.boolean().default(false),
});

/** An original price is the price before a markdown, so it is never below the price. */
export const originalPriceNotBelowPrice = (product: { price: number; originalPrice?: number | null }) =>
  product.originalPrice == null || product.originalPrice >= product.price;
export const ORIGINAL_PRICE_BELOW_PRICE = {
  message: 'Original price must not be below the price',
  path: ['originalPrice'],
};

/** Body of POST /api/products and PUT /api/products/{id}. */
export const ProductInput = ProductFields.refine(originalPriceNotBelowPrice, ORIGINAL_PRICE_BELOW_PRICE);
export type ProductInput = z.infer<typeof ProductInput>;

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
  sizes: Size[];
  countInStock: number;
  rating: number;
  numReviews: number;
  /** Units sold. */
  popularity: number;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
}

export const SORTS = ['featured', 'popularity', 'newest', 'price-asc', 'price-desc'] as const;
export const CatalogueSort = z.enum(SORTS);
export type CatalogueSort = z.infer<typeof CatalogueSort>;

const optionalNumber = z.coerce
  .number({ error: 'must be a number' })
  .finite('must be a number')
  .min(0, 'must not be negative');

/** Query string of GET /api/catalogue: filters, sort and page, all optional. */
export const CatalogueQuery = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.string().trim().max(60).optional(),
  size: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(Size)
    .optional(),
  minPrice: optionalNumber.optional(),
  maxPrice: optionalNumber.optional(),
  sort: CatalogueSort.default('featured'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;

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
