import type { CustomerAffiliate, CustomerSort, SortDirection } from '@shop/contracts';
import { sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { type KeysetOrder, type ListQuery, type Position, prefixEnd } from '../db/paging';
import { queryBuilder } from '../db/prepared-query';
import { searchPrefixes } from './search-terms';
import type { CustomerRow } from './tables';

/** The columns of a `User`. */
export const userColumns = [
  'id',
  'name',
  'email',
  'email_verified',
  'contact',
  'is_admin',
  'affiliate_use_count',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CustomerRow)[];

export type UserColumns = Pick<CustomerRow, (typeof userColumns)[number]>;

/**
 * The ids of the customers who match every prefix (see search-terms.ts): per prefix, a range of the
 * `customer_search_terms` key, intersected. A subquery for `user_id in (...)` or `id in (...)`.
 */
export function customersMatching(prefixes: readonly string[]) {
  const [first, ...rest] = prefixes.map((prefix) =>
    queryBuilder
      .selectFrom('customer_search_terms')
      .select('user_id')
      .where('term', '>=', prefix)
      .where('term', '<', prefixEnd(prefix)),
  );
  if (!first) throw new Error('A customer search needs at least one prefix');
  return rest.reduce((matching, next) => matching.intersect(next), first);
}

export type ListedColumns = UserColumns &
  Pick<CustomerRow, 'registered_position' | 'order_count' | 'total_spent'>;

/** Each sort's key; ties go by registration, which is unique, and so is its own tie-breaker. */
const SORT_KEYS: Readonly<Record<CustomerSort, keyof ListedColumns & string>> = {
  joined: 'registered_position',
  orders: 'order_count',
  spent: 'total_spent',
};

export function customerOrder(sort: CustomerSort, direction: SortDirection, searching: boolean): KeysetOrder {
  return {
    key: `customers.${SORT_KEYS[sort]}`,
    keyDirection: direction,
    tie: 'customers.registered_position',
    tieDirection: direction,
    sortAfterFinding: searching,
  };
}

export const positionOf =
  (sort: CustomerSort) =>
  (row: ListedColumns): Position => ({ key: row[SORT_KEYS[sort]], tie: row.registered_position });

export function matchingCustomers(db: ReadModelsDb, search: string | undefined): ListQuery<ListedColumns> {
  const query = db.qb
    .selectFrom('customers')
    .select([...userColumns, 'registered_position', 'order_count', 'total_spent']);
  const prefixes = search ? searchPrefixes(search) : [];
  return prefixes.length > 0 ? query.where('customers.id', 'in', customersMatching(prefixes)) : query;
}

/**
 * The affiliate standing of a page's customers, in two statements for the page: each one's latest
 * request (the last of theirs in placing order wins), with the code and its uses once approved.
 */
export function affiliatesOf(db: ReadModelsDb, userIds: string[]): Map<string, CustomerAffiliate> {
  const standing = new Map<string, CustomerAffiliate>();
  if (userIds.length === 0) return standing;
  const requests = db.all(
    db.qb
      .selectFrom('affiliate_requests')
      .select(['user_id', 'status'])
      .where('user_id', 'in', userIds)
      .orderBy('created_at')
      .orderBy(sql`rowid`),
  );
  const approved = new Map(
    db
      .all(
        db.qb
          .selectFrom('affiliates')
          .select(['user_id', 'code', 'use_count'])
          .where('user_id', 'in', userIds),
      )
      .map((row) => [row.user_id, row]),
  );
  for (const request of requests) {
    const affiliate = approved.get(request.user_id);
    standing.set(request.user_id, {
      status: request.status,
      code: affiliate?.code ?? null,
      useCount: affiliate?.use_count ?? 0,
    });
  }
  return standing;
}

/** How many of a customer's orders were delivered (an affiliate needs one). */
export function countDeliveredOrders(db: ReadModelsDb, args: { userId: string }): number {
  const row = db.first(
    db.qb
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', args.userId)
      .where('status', '=', 'Delivered'),
  );
  return Number(row?.count ?? 0);
}
