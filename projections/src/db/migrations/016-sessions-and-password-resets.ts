import type { Migration } from '../database';

/**
 * Sessions that end (decision 016): each customer's session version and the session kept by the last
 * change that ended the others, the sessions ended by signing out until their tokens would have
 * expired, and the password resets asked for, by request id (a reset link names only its request).
 */
export const sessionsAndPasswordResets: Migration = {
  name: '016-sessions-and-password-resets',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema.alterTable('customers').addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    db.run(schema.alterTable('customers').addColumn('kept_session_id', 'text'));
    db.run(
      schema
        .createTable('ended_sessions')
        .addColumn('session_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull()),
    );
    db.run(schema.createIndex('ended_sessions_by_user').on('ended_sessions').column('user_id'));
    db.run(schema.createIndex('ended_sessions_by_expiry').on('ended_sessions').column('expires_at'));
    db.run(
      schema
        .createTable('password_reset_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull()),
    );
    db.run(
      schema
        .createIndex('password_reset_requests_by_expiry')
        .on('password_reset_requests')
        .column('expires_at'),
    );
  },
};
