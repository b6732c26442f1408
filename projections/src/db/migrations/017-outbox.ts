import { sql } from 'kysely';
import type { Migration } from '../database';

/** The outbox read model (messages owed, sent, failed) and the reactors' checkpoints. */
export const outbox: Migration = {
  name: '017-outbox',
  up(db) {
    const { schema } = db.qb;
    db.run(
      schema
        .createTable('outbox_messages')
        .addColumn('stream', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('cause_event_id', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('waiting', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('owed_position', 'integer', (c) => c.notNull())
        .addColumn('owed_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('retry_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('settled_at', 'text'),
    );
    // What the senders poll: the waiting messages of a channel in the order they became owed.
    db.run(
      schema
        .createIndex('outbox_messages_waiting')
        .on('outbox_messages')
        .columns(['channel', 'owed_position'])
        .where(sql.ref('state'), '=', 'waiting'),
    );
    db.run(
      schema
        .createTable('reactor_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('life', 'text', (c) => c.notNull())
        .addColumn('earlier_lives', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'integer', (c) => c.notNull()),
    );
  },
};
