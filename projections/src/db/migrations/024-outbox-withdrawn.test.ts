import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { openReadModels } from '../open';
import { readModelMigrations } from './index';

const temp = useTempDir();
const before024 = readModelMigrations.filter((m) => m.name < '024');

describe('migration 024: withdrawn messages', () => {
  it('keeps every message and its index, and lets a message be withdrawn', () => {
    const path = temp.path('read-models.sqlite');
    const old = openReadModels(path, { migrations: before024 });
    old.sqlite.exec(`
      INSERT INTO outbox_messages (stream, channel, kind, cause_event_id, recipient, state, attempts,
        owed_position, owed_at, last_error, settled_at) VALUES
        ('outbox-a', 'email', 'order-confirmation', 'e1', 'a@example.pk', 'sent', 1, 7, 't1', NULL, 't2'),
        ('outbox-b', 'email', 'confirmation-reminder', 'e2', 'b@example.pk', 'waiting', 1, 9, 't3', 'down', NULL);
    `);
    expect(() =>
      old.sqlite.exec("UPDATE outbox_messages SET state = 'withdrawn' WHERE stream = 'outbox-b'"),
    ).toThrow(/CHECK constraint failed/);
    const rowsBefore = old.sqlite.prepare('SELECT * FROM outbox_messages ORDER BY stream').all();
    old.close();

    const migrated = openReadModels(path);
    expect(migrated.sqlite.prepare('SELECT * FROM outbox_messages ORDER BY stream').all()).toEqual(
      rowsBefore,
    );
    migrated.sqlite.exec("UPDATE outbox_messages SET state = 'withdrawn' WHERE stream = 'outbox-b'");
    const plan = migrated.sqlite
      .prepare(
        "EXPLAIN QUERY PLAN SELECT stream FROM outbox_messages WHERE channel = 'email' AND state = 'waiting' ORDER BY owed_position",
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join()).toContain('outbox_messages_waiting');
    migrated.close();
  });
});
