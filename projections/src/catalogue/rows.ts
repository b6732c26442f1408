import type { CatalogueQuery } from '@shop/contracts';
import { toMinor } from '@shop/contracts';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import type { KeysetOrder, Position } from '../db/paging';
import type { ReadModels } from '../db/read-models';
import type { CatalogueProductRow } from './tables';

export type CatalogueFilters = Pick<CatalogueQuery, 'search' | 'category' | 'size' | 'minPrice' | 'maxPrice'>;

export const productColumns = [
  'id',
  'name',
  'description',
  'category',
  'price',
  'original_price',
  'image',
  'thumbnail',
  'sizes',
  'count_in_stock',
  'stock_by_size',
  'options',
  'variants',
  'rating',
  'num_reviews',
  'popularity',
  'is_featured',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CatalogueProductRow)[];

export type ProductColumns = Pick<CatalogueProductRow, (typeof productColumns)[number]>;
export type Products = ExpressionBuilder<ReadModels, 'catalogue_products'>;
export type ProductsQuery = SelectQueryBuilder<ReadModels, 'catalogue_products', ProductColumns>;

export const OLDEST_FIRST: KeysetOrder = {
  key: 'catalogue_products.created_at',
  keyDirection: 'asc',
  tie: 'catalogue_products.id',
  tieDirection: 'asc',
};
/** Walks `catalogue_by_newest` (deleted, created_at desc, id) as it lies. */
export const NEWEST_FIRST: KeysetOrder = { ...OLDEST_FIRST, keyDirection: 'desc' };

export const productPosition = (row: ProductColumns): Position => ({ key: row.created_at, tie: row.id });

export function productsOnSale(db: ReadModelsDb): ProductsQuery {
  return db.qb.selectFrom('catalogue_products').select(productColumns).where('deleted', '=', 0);
}

export function filtersOf(eb: Products, filters: CatalogueFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('deleted', '=', 0)];
  const search = filters.search?.trim().toLowerCase();
  if (search) conditions.push(sql<SqlBool>`instr(search_text, ${search}) > 0`);
  const category = filters.category?.trim().toLowerCase();
  if (category) conditions.push(eb('category_key', '=', category));
  if (filters.size) {
    conditions.push(
      eb(
        'id',
        'in',
        eb.selectFrom('catalogue_product_sizes').select('product_id').where('size', '=', filters.size),
      ),
    );
  }
  if (filters.minPrice !== undefined) conditions.push(eb('price', '>=', toMinor(filters.minPrice)));
  if (filters.maxPrice !== undefined) conditions.push(eb('price', '<=', toMinor(filters.maxPrice)));
  return eb.and(conditions);
}

/** Each order matches one index of the 002-catalogue migration, column for column. */
export function orderedBy(query: ProductsQuery, sort: CatalogueQuery['sort']): ProductsQuery {
  switch (sort) {
    case 'featured':
      return query
        .orderBy('is_featured', 'desc')
        .orderBy('sort_rating', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id');
    case 'popularity':
      return query.orderBy('popularity', 'desc').orderBy('created_at', 'desc').orderBy('id');
    case 'newest':
      return query.orderBy('created_at', 'desc').orderBy('id');
    case 'price-asc':
      return query.orderBy('price').orderBy('id');
    case 'price-desc':
      return query.orderBy('price', 'desc').orderBy('id', 'desc');
    default: {
      const unknown: never = sort;
      throw new Error(`Unknown sort ${String(unknown)}`);
    }
  }
}
