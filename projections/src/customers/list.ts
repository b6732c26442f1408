import {
  type AdminCustomer,
  type CustomerAffiliate,
  type CustomerSort,
  fromMinor,
  type SortDirection,
  type User,
} from '@shop/contracts';
import { sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import {
  countRows,
  type KeysetOrder,
  type KeysetPage,
  type ListQuery,
  type PageStart,
  type Position,
  readInChunks,
  readPage,
} from '../db/paging';
import { toUser, type UserColumns, userColumns } from './queries';
import { customersMatching } from './search';
import { searchPrefixes } from './search-terms';
import type { CustomerRow } from './tables';

type ListedColumns = UserColumns & Pick<CustomerRow, 'registered_position' | 'order_count' | 'total_spent'>;

/** Each sort's key; ties go by registration, which is unique, and so is its own tie-breaker. */
const SORT_KEYS: Readonly<Record<CustomerSort, keyof ListedColumns & string>> = {
  joined: 'registered_position',
  orders: 'order_count',
  spent: 'total_spent',
};

function customerOrder(sort: CustomerSort, direction: SortDirection, searching: boolean): KeysetOrder {
  return {
    key: `customers.${SORT_KEYS[sort]}`,
    keyDirection: direction,
    tie: 'customers.registered_position',
    tieDirection: direction,
    sortAfterFinding: searching,
  };
}

const positionOf =
  (sort: CustomerSort) =>
  (row: ListedColumns): Position => ({ key: row[SORT_KEYS[sort]], tie: row.registered_position });

function matchingCustomers(db: ReadModelsDb, search: string | undefined): ListQuery<ListedColumns> {
  const query = db.qb
    .selectFrom('customers')
    .select([...userColumns, 'registered_position', 'order_count', 'total_spent']);
  const prefixes = search ? searchPrefixes(search) : [];
  return prefixes.length > 0 ? query.where('customers.id', 'in', customersMatching(prefixes)) : query;
}

/** The admin's customers list: searched by name, e-mail or phone, sorted one way or the other. */
export interface CustomerList {
  search?: string | undefined;
  sort: CustomerSort;
  direction: SortDirection;
}

/** One page of the admin's customers list, each with their orders, spending and affiliate standing. */
export function customerListPage(
  db: ReadModelsDb,
  args: CustomerList & { start: PageStart; limit: number },
): KeysetPage<AdminCustomer> & { total: number } {
  const matching = matchingCustomers(db, args.search);
  const page = readPage(db, matching, {
    order: customerOrder(args.sort, args.direction, args.search !== undefined),
    positionOf: positionOf(args.sort),
    start: args.start,
    limit: args.limit,
  });
  const affiliates = affiliatesOf(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...toUser(row),
      orderCount: row.order_count,
      totalSpent: fromMinor(row.total_spent),
      affiliate: affiliates.get(row.id) ?? null,
    })),
    total: countRows(db, matching),
  };
}

/** Every customer, in the order they registered, a chunk at a time: `GET /api/admin/users`, streamed. */
export function* allCustomersInChunks(db: ReadModelsDb, size = 500): Generator<User[]> {
  const chunks = readInChunks(db, matchingCustomers(db, undefined), {
    order: customerOrder('joined', 'asc', false),
    positionOf: positionOf('joined'),
    size,
  });
  for (const rows of chunks) yield rows.map(toUser);
}

/** Every customer, in the order they registered, at once (checks and tests). */
export function listCustomers(db: ReadModelsDb): User[] {
  return [...allCustomersInChunks(db)].flat();
}

/**
 * The affiliate standing of a page's customers, in two statements for the page: each one's latest
 * request (the last of theirs in placing order wins), with the code and its uses once approved.
 */
function affiliatesOf(db: ReadModelsDb, userIds: string[]): Map<string, CustomerAffiliate> {
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
