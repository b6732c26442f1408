import {
  type CataloguePage,
  type CatalogueQuery,
  type CategoryCount,
  fromMinor,
  type Minor,
  type Product,
  type ProductOption,
  type Size,
  type StockBySize,
  type StoredVariant,
} from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { countRows, type KeysetPage, type PageStart, readInChunks, readPage } from '../db/paging';
import { prepareQuery } from '../db/prepared-query';
import {
  type CatalogueFilters,
  filtersOf,
  NEWEST_FIRST,
  OLDEST_FIRST,
  orderedBy,
  type ProductColumns,
  productColumns,
  productPosition,
  productsOnSale,
} from './rows';
import type { CatalogueProductRow } from './tables';

/** What order pricing needs about a product, deleted ones included; price in minor units. */
export interface CatalogueEntry {
  id: string;
  name: string;
  image: string;
  thumbnail: string;
  category: string;
  price: Minor;
  sizes: Size[];
  countInStock: number;
  stockBySize: StockBySize;
  deleted: boolean;
}

/**
 * Every product on sale, oldest first (the order they were added), a chunk at a time: `GET
 * /api/products`, streamed. `rating` is 0 and `numReviews` 0 for a product nobody has reviewed:
 * screens show the default 4.
 */
export function* allProductsInChunks(db: ReadModelsDb, size = 500): Generator<Product[]> {
  const chunks = readInChunks(db, productsOnSale(db), {
    order: OLDEST_FIRST,
    positionOf: productPosition,
    size,
  });
  for (const rows of chunks) yield rows.map(toProduct);
}

/** Every product on sale, oldest first, at once (the demo seed, tests). */
export function listProducts(db: ReadModelsDb): Product[] {
  return [...allProductsInChunks(db)].flat();
}

/** One page of the admin's product list, newest first, and how many products are on sale. */
export function adminProductPage(
  db: ReadModelsDb,
  args: { start: PageStart; limit: number },
): KeysetPage<Product> & { total: number } {
  const onSale = productsOnSale(db);
  const page = readPage(db, onSale, { order: NEWEST_FIRST, positionOf: productPosition, ...args });
  return { ...page, rows: page.rows.map(toProduct), total: countRows(db, onSale) };
}

/** One product on sale, or undefined for an unknown or deleted id. Rating as in `listProducts`. */
export function findProduct(db: ReadModelsDb, args: { id: string }): Product | undefined {
  const row = db.first(
    db.qb
      .selectFrom('catalogue_products')
      .select(productColumns)
      .where('id', '=', args.id)
      .where('deleted', '=', 0),
  );
  return row && toProduct(row);
}

/** Compiled once: pricing an order looks up each of its products. */
const entryColumns = [
  'id',
  'name',
  'image',
  'thumbnail',
  'category',
  'price',
  'sizes',
  'count_in_stock',
  'stock_by_size',
  'deleted',
] as const satisfies readonly (keyof CatalogueProductRow)[];
const entryById = prepareQuery<{ id: string }, Pick<CatalogueProductRow, (typeof entryColumns)[number]>>(
  (qb, arg) => qb.selectFrom('catalogue_products').select(entryColumns).where('id', '=', arg('id')),
);

/** One product as the catalogue knows it, also when deleted (old orders, order pricing). */
export function findCatalogueEntry(db: ReadModelsDb, args: { id: string }): CatalogueEntry | undefined {
  const row = db.first(entryById, args);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    thumbnail: row.thumbnail,
    category: row.category,
    price: row.price,
    sizes: JSON.parse(row.sizes) as Size[],
    countInStock: row.count_in_stock,
    stockBySize: JSON.parse(row.stock_by_size) as StockBySize,
    deleted: row.deleted === 1,
  };
}

/** A product on sale as the sitemap lists it: its id and when the admin last changed it. */
export interface LiveProductStamp {
  id: string;
  updatedAt: string;
}

const liveStampsAfter = prepareQuery<{ after: string; limit: number }, { id: string; updated_at: string }>(
  (qb, arg) =>
    qb
      .selectFrom('catalogue_products')
      .select(['id', 'updated_at'])
      .where('deleted', '=', 0)
      .where('id', '>', arg('after'))
      .orderBy('id')
      .limit(arg('limit')),
);

/**
 * The next `limit` products on sale after the id `after` ('' for the first), by id: a caller walks
 * the whole catalogue a page at a time (the sitemap streams it) without holding a query open.
 */
export function liveProductStamps(
  db: ReadModelsDb,
  args: { after: string; limit: number },
): LiveProductStamp[] {
  return db.all(liveStampsAfter, args).map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/** True once any product was ever created, deleted ones included (the demo seed asks). */
export function hasEverHadProducts(db: ReadModelsDb): boolean {
  return db.first(db.qb.selectFrom('catalogue_products').select('id').limit(1)) !== undefined;
}

/**
 * The shopping page in one call: the filtered, sorted page of products, how many match in all, and
 * per-category counts that honour every filter except the category itself (the sidebar shows where
 * else the shopper could go). Ties in every sort break on the id, so paging never repeats or skips.
 * Three scans of the filtered products: the HTTP route keeps each answer until the read models change
 * (services/src/http/answer-cache.ts).
 */
export function queryCatalogue(db: ReadModelsDb, query: CatalogueQuery): CataloguePage {
  const matching = db.qb.selectFrom('catalogue_products').where((eb) => filtersOf(eb, query));
  const ordered = orderedBy(matching.select(productColumns), query.sort);
  const products = db.all(ordered.limit(query.limit).offset(query.offset)).map(toProduct);
  const total = db.first(matching.select((eb) => eb.fn.countAll<number>().as('total')))?.total ?? 0;
  return { products, total, categories: categoryCounts(db, { ...query, category: undefined }) };
}

/** Products on sale per category (capitalisation merged), by name, under the given filters. */
export function categoryCounts(db: ReadModelsDb, filters: CatalogueFilters = {}): CategoryCount[] {
  return db.all(
    db.qb
      .selectFrom('catalogue_products')
      .where((eb) => filtersOf(eb, filters))
      .select((eb) => [eb.fn.min('category').as('category'), eb.fn.countAll<number>().as('count')])
      .groupBy('category_key')
      .orderBy('category_key'),
  );
}

/**
 * How the shop already spells a category, whatever its capitalisation ("tops" finds "Tops"), as the
 * counts show it; `except` leaves out the product being edited, so its own spelling can change.
 * Undefined for a category no other product on sale has.
 */
export function knownCategorySpelling(
  db: ReadModelsDb,
  args: { category: string; except?: string },
): string | undefined {
  const row = db.first(
    db.qb
      .selectFrom('catalogue_products')
      .select((eb) => eb.fn.min('category').as('category'))
      .where('deleted', '=', 0)
      .where('category_key', '=', args.category.trim().toLowerCase())
      .where('id', '!=', args.except ?? ''),
  );
  return row?.category ?? undefined;
}

function toProduct(row: ProductColumns): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price: fromMinor(row.price),
    originalPrice: row.original_price === null ? null : fromMinor(row.original_price),
    image: row.image,
    thumbnail: row.thumbnail,
    sizes: JSON.parse(row.sizes) as Size[],
    countInStock: row.count_in_stock,
    stockBySize: JSON.parse(row.stock_by_size) as StockBySize,
    options: JSON.parse(row.options) as ProductOption[],
    variants: (JSON.parse(row.variants) as StoredVariant[]).map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      options: variant.options,
      price: fromMinor(variant.price),
      originalPrice: variant.originalPrice === null ? null : fromMinor(variant.originalPrice),
      stock: variant.stock,
    })),
    rating: Math.round(row.rating * 10) / 10,
    numReviews: row.num_reviews,
    popularity: row.popularity,
    isFeatured: row.is_featured === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
