import type { ReadModelsDb } from '../db/database';
import { argumentsFor, prepareQuery } from '../db/prepared-query';
import { type EventHandlers, projectorOf } from '../runner/projector';
import { searchTermsOf } from './search-terms';
import type {
  CustomerCredentialsTable,
  CustomerOrdersTable,
  CustomerSearchTermsTable,
  CustomersTable,
  EndedSessionsTable,
  PasswordResetRequestsTable,
} from './tables';

/** How long after its expiry a reset request is still found. */
const RESET_REQUESTS_KEPT_MS = 24 * 3600_000;

const customerColumns = [
  'id',
  'name',
  'email',
  'email_verified',
  'contact',
  'is_admin',
  'affiliate_use_count',
  'created_at',
  'updated_at',
  'registered_position',
  'order_count',
  'total_spent',
  'session_version',
  'kept_session_id',
] as const satisfies readonly (keyof CustomersTable)[];

const sql = {
  insertCustomer: prepareQuery<CustomersTable>((qb, arg) =>
    qb.insertInto('customers').values(argumentsFor(arg, customerColumns)),
  ),
  insertCredentials: prepareQuery<CustomerCredentialsTable>((qb, arg) =>
    qb.insertInto('customer_credentials').values(argumentsFor(arg, ['user_id', 'email', 'password_hash'])),
  ),
  updateProfile: prepareQuery<Pick<CustomersTable, 'id' | 'name' | 'email' | 'contact' | 'updated_at'>>(
    (qb, arg) =>
      qb
        .updateTable('customers')
        .set(argumentsFor(arg, ['name', 'email', 'contact', 'updated_at']))
        .where('id', '=', arg('id')),
  ),
  /** A new address starts unverified; the same one keeps its standing. */
  markEmailUnverifiedIfChanged: prepareQuery<{ id: string; email: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set({ email_verified: 0 })
      .where('id', '=', arg('id'))
      .where('email', '!=', arg('email')),
  ),
  markEmailVerified: prepareQuery<{ id: string; email: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set({ email_verified: 1 })
      .where('id', '=', arg('id'))
      .where('email', '=', arg('email')),
  ),
  withdrawEmail: prepareQuery<{ id: string; at: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set({ email: '', email_verified: 0, updated_at: arg('at') })
      .where('id', '=', arg('id')),
  ),
  updateCredentialsEmail: prepareQuery<{ userId: string; email: string }>((qb, arg) =>
    qb
      .updateTable('customer_credentials')
      .set({ email: arg('email') })
      .where('user_id', '=', arg('userId')),
  ),
  touch: prepareQuery<{ id: string; at: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set({ updated_at: arg('at') })
      .where('id', '=', arg('id')),
  ),
  updatePassword: prepareQuery<{ userId: string; passwordHash: string }>((qb, arg) =>
    qb
      .updateTable('customer_credentials')
      .set({ password_hash: arg('passwordHash') })
      .where('user_id', '=', arg('userId')),
  ),
  updateRole: prepareQuery<{ id: string; isAdmin: number; at: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set({ is_admin: arg('isAdmin'), updated_at: arg('at') })
      .where('id', '=', arg('id')),
  ),
  insertTerm: prepareQuery<CustomerSearchTermsTable>((qb, arg) =>
    qb
      .insertInto('customer_search_terms')
      .values(argumentsFor(arg, ['term', 'user_id']))
      .onConflict((c) => c.doNothing()),
  ),
  deleteTerms: prepareQuery<{ userId: string }>((qb, arg) =>
    qb.deleteFrom('customer_search_terms').where('user_id', '=', arg('userId')),
  ),
  insertOrder: prepareQuery<CustomerOrdersTable>((qb, arg) =>
    qb
      .insertInto('customer_orders')
      .values(argumentsFor(arg, ['order_id', 'user_id', 'total_price', 'paid'])),
  ),
  countOrder: prepareQuery<{ id: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set((eb) => ({ order_count: eb('order_count', '+', 1) }))
      .where('id', '=', arg('id')),
  ),
  /** A cancelled order leaves its customer's order count. */
  uncountOrder: prepareQuery<{ orderId: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set((eb) => ({ order_count: eb('order_count', '-', 1) }))
      .where('id', '=', (eb) =>
        eb.selectFrom('customer_orders').select('user_id').where('order_id', '=', arg('orderId')),
      ),
  ),
  markPaid: prepareQuery<{ orderId: string; paid: number }>((qb, arg) =>
    qb
      .updateTable('customer_orders')
      .set({ paid: arg('paid') })
      .where('order_id', '=', arg('orderId')),
  ),
  /** Money the customer paid (`amount` > 0) or got back (< 0), found by the order it belongs to. */
  addSpent: prepareQuery<{ orderId: string; amount: number }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set((eb) => ({ total_spent: eb('total_spent', '+', arg('amount')) }))
      .where('id', '=', (eb) =>
        eb.selectFrom('customer_orders').select('user_id').where('order_id', '=', arg('orderId')),
      ),
  ),
  orderOf: prepareQuery<{ orderId: string }, CustomerOrdersTable>((qb, arg) =>
    qb.selectFrom('customer_orders').selectAll().where('order_id', '=', arg('orderId')),
  ),
  endSessions: prepareQuery<{ id: string; kept: string | null }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set((eb) => ({ session_version: eb('session_version', '+', 1), kept_session_id: arg('kept') }))
      .where('id', '=', arg('id')),
  ),
  /** Below the new version, a signed-out session is refused anyway; the kept one stays signed out. */
  forgetEndedSessionsOf: prepareQuery<{ userId: string; kept: string }>((qb, arg) =>
    qb
      .deleteFrom('ended_sessions')
      .where('user_id', '=', arg('userId'))
      .where('session_id', '!=', arg('kept')),
  ),
  endSession: prepareQuery<EndedSessionsTable>((qb, arg) =>
    qb
      .insertInto('ended_sessions')
      .values(argumentsFor(arg, ['session_id', 'user_id', 'expires_at']))
      .onConflict((oc) => oc.doNothing()),
  ),
  /** A token past its expiry is refused by its `exp`: its row is no longer needed. */
  forgetExpiredSessions: prepareQuery<{ at: string }>((qb, arg) =>
    qb.deleteFrom('ended_sessions').where('expires_at', '<=', arg('at')),
  ),
  openResetRequest: prepareQuery<PasswordResetRequestsTable>((qb, arg) =>
    qb
      .insertInto('password_reset_requests')
      .values(argumentsFor(arg, ['request_id', 'user_id', 'expires_at']))
      .onConflict((oc) => oc.doNothing()),
  ),
  forgetResetRequestsExpiredBefore: prepareQuery<{ before: string }>((qb, arg) =>
    qb.deleteFrom('password_reset_requests').where('expires_at', '<=', arg('before')),
  ),
  countAffiliateUse: prepareQuery<{ id: string }>((qb, arg) =>
    qb
      .updateTable('customers')
      .set((eb) => ({ affiliate_use_count: eb('affiliate_use_count', '+', 1) }))
      .where('id', '=', arg('id')),
  ),
};

/**
 * One handler per event type; the projector handles exactly these. Another slice's event that
 * changes a customer (e.g. an order placed with an affiliate code counting towards
 * `affiliate_use_count`) is one more entry here.
 */
const on = {
  UserRegistered(e, db, event) {
    db.run(sql.insertCustomer, {
      id: e.userId,
      name: e.name,
      email: e.email,
      email_verified: 0,
      contact: e.contact,
      is_admin: e.isAdmin ? 1 : 0,
      affiliate_use_count: 0,
      created_at: e.at,
      updated_at: e.at,
      registered_position: event.position,
      order_count: 0,
      total_spent: 0,
      session_version: 0,
      kept_session_id: null,
    });
    db.run(sql.insertCredentials, { user_id: e.userId, email: e.email, password_hash: e.passwordHash });
    writeSearchTerms(db, e.userId, e);
  },
  UserProfileChanged(e, db) {
    db.run(sql.markEmailUnverifiedIfChanged, { id: e.userId, email: e.email });
    db.run(sql.updateProfile, {
      id: e.userId,
      name: e.name,
      email: e.email,
      contact: e.contact,
      updated_at: e.at,
    });
    db.run(sql.updateCredentialsEmail, { userId: e.userId, email: e.email });
    db.run(sql.deleteTerms, { userId: e.userId });
    writeSearchTerms(db, e.userId, e);
  },
  UserPasswordChanged(e, db) {
    db.run(sql.touch, { id: e.userId, at: e.at });
    db.run(sql.updatePassword, { userId: e.userId, passwordHash: e.passwordHash });
  },
  UserRoleChanged(e, db) {
    db.run(sql.updateRole, { id: e.userId, isAdmin: e.isAdmin ? 1 : 0, at: e.at });
  },
  UserSignedOut(e, db) {
    // Times are ISO 8601 in UTC, all in one format, so they compare as text.
    db.run(sql.forgetExpiredSessions, { at: e.at });
    if (e.expiresAt > e.at) {
      db.run(sql.endSession, { session_id: e.sessionId, user_id: e.userId, expires_at: e.expiresAt });
    }
  },
  UserSessionsEnded(e, db) {
    db.run(sql.endSessions, { id: e.userId, kept: e.keptSessionId });
    db.run(sql.forgetEndedSessionsOf, { userId: e.userId, kept: e.keptSessionId ?? '' });
  },
  PasswordResetRequested(e, db) {
    // A used or expired link still finds its user for a day, so it is refused saying why.
    const before = new Date(Date.parse(e.at) - RESET_REQUESTS_KEPT_MS).toISOString();
    db.run(sql.forgetResetRequestsExpiredBefore, { before });
    db.run(sql.openResetRequest, { request_id: e.requestId, user_id: e.userId, expires_at: e.expiresAt });
  },
  EmailVerified(e, db) {
    db.run(sql.markEmailVerified, { id: e.userId, email: e.email });
  },
  EmailWithdrawn(e, db) {
    db.run(sql.withdrawEmail, { id: e.userId, at: e.at });
    db.run(sql.updateCredentialsEmail, { userId: e.userId, email: '' });
    db.run(sql.deleteTerms, { userId: e.userId });
  },
  OrderPlaced(e, db) {
    if (e.affiliateUserId) db.run(sql.countAffiliateUse, { id: e.affiliateUserId });
    db.run(sql.insertOrder, {
      order_id: e.orderId,
      user_id: e.userId,
      total_price: e.totalPrice,
      paid: 0,
    });
    db.run(sql.countOrder, { id: e.userId });
  },
  /**
   * "Spent" is what the customer paid and kept: an order's total once it is paid (a transfer marked
   * Paid, a COD parcel delivered), taken back out if that order is then cancelled or refused.
   */
  StatusChanged(e, db) {
    if (e.to === 'Cancelled') db.run(sql.uncountOrder, { orderId: e.orderId });
    const order = db.first(sql.orderOf, { orderId: e.orderId });
    if (!order) return;
    if (e.paid && order.paid === 0) {
      db.run(sql.markPaid, { orderId: e.orderId, paid: 1 });
      db.run(sql.addSpent, { orderId: e.orderId, amount: order.total_price });
    } else if ((e.to === 'Cancelled' || e.to === 'Refused') && order.paid === 1) {
      db.run(sql.markPaid, { orderId: e.orderId, paid: 0 });
      db.run(sql.addSpent, { orderId: e.orderId, amount: -order.total_price });
    }
  },
  /** A refund is taken off what the customer spent. */
  ReturnRefunded(e, db) {
    db.run(sql.addSpent, { orderId: e.orderId, amount: -e.amount });
  },
} satisfies EventHandlers;

function writeSearchTerms(
  db: ReadModelsDb,
  userId: string,
  customer: { name: string; email: string; contact: string },
): void {
  for (const term of searchTermsOf(customer)) db.run(sql.insertTerm, { term, user_id: userId });
}

/**
 * The customers read model: who is registered, their role and profile, their order count and amount
 * spent, what a search finds them by, their sessions' standing, the open password resets, and (in a
 * private table) their password hash for sign-in. Data is parsed with its contract schema, so a malformed event
 * stops the projector with the reason instead of writing a wrong row.
 */
export const customersProjector = projectorOf({
  name: 'customers',
  tables: [
    'customers',
    'customer_credentials',
    'customer_orders',
    'customer_search_terms',
    'ended_sessions',
    'password_reset_requests',
  ],
  statements: sql,
  on,
});
