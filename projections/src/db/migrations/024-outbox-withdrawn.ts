import type { Migration } from '../database';

/**
 * A message may be withdrawn, no longer needed (MessageWithdrawn: a reminder to confirm an order the
 * shopper confirmed first). SQLite cannot change a column's CHECK, so the outbox table is copied into
 * one whose states include `withdrawn`, in one transaction with its rows and its index.
 */
export const outboxWithdrawn: Migration = {
  name: '024-outbox-withdrawn',
  up(db) {
    db.sqlite.exec(`
      CREATE TABLE outbox_messages_024 (
        stream TEXT PRIMARY KEY,
        channel TEXT NOT NULL,
        kind TEXT NOT NULL,
        cause_event_id TEXT NOT NULL,
        recipient TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('waiting', 'sent', 'failed', 'withdrawn')),
        attempts INTEGER NOT NULL,
        owed_position INTEGER NOT NULL,
        owed_at TEXT NOT NULL,
        lease_owner TEXT,
        lease_until TEXT,
        retry_at TEXT,
        last_error TEXT,
        settled_at TEXT
      );
      INSERT INTO outbox_messages_024 (stream, channel, kind, cause_event_id, recipient, state, attempts,
        owed_position, owed_at, lease_owner, lease_until, retry_at, last_error, settled_at)
        SELECT stream, channel, kind, cause_event_id, recipient, state, attempts, owed_position, owed_at,
          lease_owner, lease_until, retry_at, last_error, settled_at FROM outbox_messages;
      DROP TABLE outbox_messages;
      ALTER TABLE outbox_messages_024 RENAME TO outbox_messages;
      CREATE INDEX outbox_messages_waiting ON outbox_messages (channel, owed_position) WHERE state = 'waiting';
    `);
  },
};
