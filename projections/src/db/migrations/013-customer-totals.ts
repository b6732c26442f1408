import type { Migration } from '../database';

/**
 * The customers list's columns and search (docs/decisions/017-paged-admin-lists.md): each customer's
 * order count and amount spent (cancelled orders left out) with an index per sort, the orders that
 * count towards them (so a cancellation knows what to take back), and the words a search matches.
 *
 * The totals come from events the customers projector has seen before without keeping them, so its
 * tables are emptied and its checkpoint set back to the start: the runner replays the log into them
 * before the shop reports ready. Signing in waits for that replay.
 */
export const customerTotals: Migration = {
  name: '013-customer-totals',
  up(db) {
    db.sqlite.exec(`
      ALTER TABLE customers ADD COLUMN order_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE customers ADD COLUMN total_spent INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX customers_by_order_count ON customers (order_count, registered_position);
      CREATE INDEX customers_by_total_spent ON customers (total_spent, registered_position);
      CREATE TABLE customer_orders (
        order_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        total_price INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE customer_search_terms (
        term TEXT NOT NULL,
        user_id TEXT NOT NULL,
        PRIMARY KEY (term, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX customer_search_terms_by_user ON customer_search_terms (user_id);
      DELETE FROM customers;
      DELETE FROM customer_credentials;
      UPDATE projection_checkpoints
        SET position = 0, status = 'stopped', last_error = NULL, failed_position = NULL, failed_event_type = NULL
        WHERE name = 'customers';
    `);
    // A shop upgraded from a version with sessions (migration 016, applied before this one) has the
    // customers projector's other tables too: they are replayed with the rest.
    for (const table of ['ended_sessions', 'password_reset_requests']) {
      const exists = db.sqlite
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(table);
      if (exists) db.sqlite.exec(`DELETE FROM ${table}`);
    }
  },
};
