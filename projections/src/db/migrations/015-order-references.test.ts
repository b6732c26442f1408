import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { openReadModels } from '../open';
import { readModelMigrations } from './index';

const temp = useTempDir();
const before015 = readModelMigrations.filter((m) => m.name < '015');

describe('migration 015: order references', () => {
  it('empties the orders read model and its checkpoint so the log fills it again, leaving the others', () => {
    const path = temp.path('read-models.sqlite');
    const old = openReadModels(path, { migrations: before015 });
    old.sqlite.exec(`
      INSERT INTO orders (id, user_id, status, is_paid, is_delivered, payment_method, ship_full_name,
        ship_address, ship_city, ship_postal_code, ship_country, ship_phone, items_price, discount,
        shipping_price, total_price, created_at, updated_at)
        VALUES ('o1', 'u1', 'Paid', 1, 0, 'COD', 'A', 'B', 'C', 'D', 'E', 'F', 100, 0, 10, 110, 't', 't');
      INSERT INTO projection_checkpoints (name, position, status, updated_at) VALUES
        ('orders', 42, 'running', 1), ('catalogue', 42, 'running', 1);
    `);
    old.close();

    // Up to 015 only: a later migration may replay another read model (033 replays the catalogue).
    const migrated = openReadModels(path, { migrations: readModelMigrations.filter((m) => m.name < '016') });
    expect(migrated.sqlite.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 0 });
    expect(migrated.sqlite.prepare('SELECT name, position FROM projection_checkpoints').all()).toEqual([
      { name: 'catalogue', position: 42 },
    ]);
    const plan = migrated.sqlite
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM orders WHERE reference = 'AB-2345CD'")
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join()).toContain('orders_by_reference');
    migrated.close();
  });
});
