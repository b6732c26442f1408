import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { openReadModels } from '../open';
import { readModelMigrations } from './index';

const temp = useTempDir();
const before011 = readModelMigrations.filter((m) => m.name < '011');
const through011 = readModelMigrations.filter((m) => m.name < '012');

describe('migration 011: orders as documents', () => {
  it("moves each order's lines and status changes into it, and reads them back as the tables had them", () => {
    const path = temp.path('read-models.sqlite');
    const old = openReadModels(path, { migrations: before011 });
    const order = (id: string, at: string) =>
      `INSERT INTO orders VALUES ('${id}', 'u1', 'Paid', 1, '${at}', 0, NULL, 'COD', 'A', 'B', 'C', 'D', 'E', 'F', 100, 0, 10, 110, NULL, NULL, '${at}', '${at}')`;
    old.sqlite.exec(`
      ${order('o1', '2024-05-01T10:00:00.000Z')};
      ${order('o2', '2024-05-02T10:00:00.000Z')};
      INSERT INTO order_items VALUES ('l2', 'o1', 1, 'p2', 'Shorts', '/s.webp', 'Bottoms', 2500, 1, 'LG');
      INSERT INTO order_items VALUES ('l1', 'o1', 0, 'p1', 'Tee "Pro"', '/t.webp', 'Shirts', 4000, 2, 'MD');
      INSERT INTO order_status_changes VALUES ('o1', 9, 'Pending', 'Paid', 'admin', '2024-05-01T11:00:00.000Z');
      INSERT INTO order_status_changes VALUES ('o1', 3, 'Pending', 'Pending', 'admin', '2024-05-01T10:30:00.000Z');
    `);
    const read = (db: typeof old) => ({
      items: db.sqlite.prepare('SELECT * FROM order_items ORDER BY order_id, line_no').all(),
      changes: db.sqlite.prepare('SELECT * FROM order_status_changes ORDER BY order_id, seq').all(),
    });
    const tablesHad = read(old);
    old.close();

    const migrated = openReadModels(path, { migrations: through011 });
    expect(read(migrated)).toEqual(tablesHad);
    expect(tablesHad.items).toHaveLength(2);
    expect(tablesHad.changes).toHaveLength(2);
    const o2 = migrated.sqlite.prepare("SELECT lines, changes FROM orders WHERE id = 'o2'").get();
    expect(o2).toEqual({ lines: '[]', changes: '[]' });
    migrated.close();
  });
});
