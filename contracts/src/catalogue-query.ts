import { z } from 'zod';
import { Size } from './sizes';

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
