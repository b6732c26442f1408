import type { Migration } from '../database';

/**
 * Whether each customer followed a link mailed to her current address (EmailVerified). No account
 * had verified one before this column, so every existing row starts at 0, as a rebuild gives it.
 */
export const emailVerified: Migration = {
  name: '030-email-verified',
  up(db) {
    db.sqlite.exec('ALTER TABLE customers ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;');
  },
};
