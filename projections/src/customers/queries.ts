import type { User } from '@shop/contracts';
import type { ReadModelsDb } from '../database';
import { prepareQuery } from '../prepared-query';
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

/** Several customers by id at once (a page of orders names up to a few hundred). */
export function findCustomers(db: ReadModelsDb, ids: readonly string[]): Map<string, User> {
  if (ids.length === 0) return new Map();
  const rows = db.all(
    db.qb
      .selectFrom('customers')
      .select(userColumns)
      .where('id', 'in', [...new Set(ids)]),
  );
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
