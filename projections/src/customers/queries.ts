import {
  type AdminCustomer,
  type CustomerSort,
  fromMinor,
  type SortDirection,
  type User,
} from '@shop/contracts';
import { type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { countRows, type KeysetPage, type PageStart, readInChunks, readPage } from '../db/paging';
import { prepareQuery } from '../db/prepared-query';
import {
  affiliatesOf,
  customerOrder,
  matchingCustomers,
  positionOf,
  type UserColumns,
  userColumns,
} from './rows';
import type { CustomerRow } from './tables';

/** Compiled once: every signed-in request looks its caller up by id. */
const byId = prepareQuery<{ id: string }, UserColumns>((qb, arg) =>
  qb.selectFrom('customers').select(userColumns).where('id', '=', arg('id')),
);

/** A customer by id, or undefined. */
export function findCustomer(db: ReadModelsDb, args: { id: string }): User | undefined {
  const row = db.first(byId, args);
  return row && toUser(row);
}

/** What the bearer of a token is checked against on every signed-in call (decision 016). */
export interface SessionHolder extends User {
  /** A token issued at a lower version is refused, unless it is the kept session's. */
  sessionVersion: number;
  keptSessionId: string | null;
  /** The token's own session was ended by signing out. */
  sessionEnded: boolean;
}

/** Compiled once, one statement: the customer row and whether the session was signed out. */
const holderById = prepareQuery<
  { id: string; sessionId: string },
  UserColumns & Pick<CustomerRow, 'session_version' | 'kept_session_id'> & { session_ended: number }
>((qb, arg) =>
  qb
    .selectFrom('customers')
    .select([...userColumns, 'session_version', 'kept_session_id'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('ended_sessions').select('session_id').where('session_id', '=', arg('sessionId')),
        )
        .as('session_ended'),
    )
    .where('id', '=', arg('id')),
);

/** A customer and the standing of one of their sessions, or undefined when there is no such customer. */
export function findSessionHolder(
  db: ReadModelsDb,
  args: { userId: string; sessionId: string },
): SessionHolder | undefined {
  const row = db.first(holderById, { id: args.userId, sessionId: args.sessionId });
  return (
    row && {
      ...toUser(row),
      sessionVersion: row.session_version,
      keptSessionId: row.kept_session_id,
      sessionEnded: row.session_ended === 1,
    }
  );
}

/** The user who asked for a password reset, by its request id (until a day after it expired). */
export function findPasswordResetRequest(
  db: ReadModelsDb,
  args: { requestId: string },
): { userId: string } | undefined {
  const row = db.first(
    db.qb.selectFrom('password_reset_requests').select('user_id').where('request_id', '=', args.requestId),
  );
  return row && { userId: row.user_id };
}

/** A customer by e-mail (compared lower-cased), or undefined. */
export function findCustomerByEmail(db: ReadModelsDb, args: { email: string }): User | undefined {
  const row = db.first(
    db.qb
      .selectFrom('customers')
      .select(userColumns)
      .where('email', '=', args.email.trim().toLowerCase())
      .limit(1),
  );
  return row && toUser(row);
}

/** Compiled once for any number of ids, given as one JSON array; each a seek by primary key. */
const byIds = prepareQuery<{ ids: string }, UserColumns>((qb, arg) =>
  qb
    .selectFrom('customers')
    .select(userColumns)
    .where(sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${arg('ids')}))`),
);

/** Several customers by id at once (a page of orders names up to a few hundred). */
export function findCustomers(db: ReadModelsDb, ids: readonly string[]): Map<string, User> {
  if (ids.length === 0) return new Map();
  const rows = db.all(byIds, { ids: JSON.stringify([...new Set(ids)]) });
  return new Map(rows.map((row) => [row.id, toUser(row)]));
}

/** For sign-in only: the user id and password hash behind an e-mail. Never answer it to a caller. */
export function findCredentials(
  db: ReadModelsDb,
  args: { email: string },
): { userId: string; passwordHash: string } | undefined {
  const row = db.first(
    db.qb
      .selectFrom('customer_credentials')
      .select(['user_id', 'password_hash'])
      .where('email', '=', args.email.trim().toLowerCase())
      .limit(1),
  );
  return row && { userId: row.user_id, passwordHash: row.password_hash };
}

function toUser(row: UserColumns): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.email_verified === 1,
    contact: row.contact,
    isAdmin: row.is_admin === 1,
    affiliateUseCount: row.affiliate_use_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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
