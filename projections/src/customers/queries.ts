import type { User } from '@shop/contracts';
import { type SqlBool, sql } from 'kysely';
import type { ReadModelsDb } from '../db/database';
import { prepareQuery } from '../db/prepared-query';
import type { CustomerRow } from './tables';

/** The columns of a `User`. */
export const userColumns = [
  'id',
  'name',
  'email',
  'contact',
  'is_admin',
  'affiliate_use_count',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CustomerRow)[];

export type UserColumns = Pick<CustomerRow, (typeof userColumns)[number]>;

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

export function toUser(row: UserColumns): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    contact: row.contact,
    isAdmin: row.is_admin === 1,
    affiliateUseCount: row.affiliate_use_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
