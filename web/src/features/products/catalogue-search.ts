import { CatalogueSort, SIZES, type Size, shopConfig } from '@shop/contracts';
import { z } from 'zod';

/** The shopping filter's size values: the admin sizes in lower case (docs/rules/catalogue.md#sizes). */
export const SIZE_FILTERS = [
  'sm',
  'md',
  'lg',
  'xl',
  '2xl',
  '3xl',
  '4xl',
] as const satisfies readonly Lowercase<Size>[];
export type SizeFilter = (typeof SIZE_FILTERS)[number];

export const SORT_LABELS: Readonly<Record<CatalogueSort, string>> = {
  featured: 'Featured',
  popularity: 'Popularity',
  newest: 'Newest Arrivals',
  'price-asc': 'Price Low to High',
  'price-desc': 'Price High to Low',
};

export const VIEWS = ['grid', 'list'] as const;
export type View = (typeof VIEWS)[number];

/** The router parses `?search=123` as a number; text filters take it back as text. */
const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max))
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .catch(undefined);

const price = z.coerce.number().finite().min(0).max(shopConfig.priceFilterMax).optional().catch(undefined);

/**
 * `/shopping`'s search params: the filters, search and sort (and the view), so a shared link
 * reproduces the view and Back undoes a change. Anything malformed is dropped, never an error page.
 * Defaults (featured sort, grid view, no filter) are left out of the URL.
 */
export const ShoppingSearch = z.object({
  search: text(200),
  category: text(60),
  size: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).toLowerCase())
    .pipe(z.enum(SIZE_FILTERS))
    .optional()
    .catch(undefined),
  minPrice: price,
  maxPrice: price,
  sort: CatalogueSort.exclude(['featured']).optional().catch(undefined),
  view: z.enum(VIEWS).exclude(['grid']).optional().catch(undefined),
});
export type ShoppingSearch = z.infer<typeof ShoppingSearch>;

/** What the catalogue query filters on; the view is presentation only. */
export interface CatalogueFilters {
  search?: string | undefined;
  category?: string | undefined;
  size?: Size | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: CatalogueSort;
}

export function filtersOf(search: ShoppingSearch): CatalogueFilters {
  const size = search.size?.toUpperCase();
  return {
    search: search.search,
    category: search.category,
    size: SIZES.find((candidate) => candidate === size),
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    sort: search.sort ?? 'featured',
  };
}

/** True when any filter or search narrows the catalogue (sort and view do not). */
export const isFiltered = (search: ShoppingSearch): boolean =>
  [search.search, search.category, search.size, search.minPrice, search.maxPrice].some(
    (value) => value !== undefined,
  );
