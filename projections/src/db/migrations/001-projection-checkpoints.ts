import { sql } from 'kysely';
import type { Migration } from '../database';

/** The runner's own table: one row per projector with its checkpoint, state and last error. */
export const projectionCheckpoints: Migration = {
  name: '001-projection-checkpoints',
  up(db) {
    db.run(
      db.qb.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('status', 'text', (column) =>
          column.notNull().check(sql`status IN ('running', 'failed', 'stopped')`),
        )
        .addColumn('updated_at', 'integer', (column) => column.notNull())
        .addColumn('last_error', 'text')
        .addColumn('failed_position', 'integer')
        .addColumn('failed_event_type', 'text'),
    );
  },
};
