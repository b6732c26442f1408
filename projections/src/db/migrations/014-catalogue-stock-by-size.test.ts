import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { openReadModels } from '../open';
import { readModelMigrations } from './index';

const temp = useTempDir();
/** A database as the shop left it before stock per size: every migration applied but 014. */
const without014 = readModelMigrations.filter((m) => m.name !== '014-catalogue-stock-by-size');

describe('migration 014: stock per size in the catalogue', () => {
  it('empties the catalogue read model and its checkpoint so the log fills it again, leaving the others', () => {
    const path = temp.path('read-models.sqlite');
    const old = openReadModels(path, { migrations: without014 });
    old.sqlite.exec(`
      INSERT INTO catalogue_products (id, name, description, search_text, category, category_key, price,
        original_price, image, thumbnail, sizes, count_in_stock, num_reviews, rating, sort_rating,
        popularity, is_featured, deleted, created_at, updated_at)
        VALUES ('p1', 'Tee', 'd', 'tee d', 'Tops', 'tops', 100, NULL, '/images/t.webp', '/images/t.webp',
          '["SM","MD"]', 4, 0, 0, 4, 0, 0, 0, 't', 't');
      INSERT INTO catalogue_product_sizes (size, product_id) VALUES ('SM', 'p1'), ('MD', 'p1');
      INSERT INTO projection_checkpoints (name, position, status, updated_at) VALUES
        ('orders', 42, 'running', 1), ('catalogue', 42, 'running', 1);
    `);
    old.close();

    const migrated = openReadModels(path);
    expect(migrated.sqlite.prepare('SELECT count(*) AS n FROM catalogue_products').get()).toEqual({ n: 0 });
    expect(migrated.sqlite.prepare('SELECT count(*) AS n FROM catalogue_product_sizes').get()).toEqual({
      n: 0,
    });
    expect(migrated.sqlite.prepare('SELECT name, position FROM projection_checkpoints').all()).toEqual([
      { name: 'orders', position: 42 },
    ]);
    const columns = migrated.sqlite.prepare('PRAGMA table_info(catalogue_products)').all() as {
      name: string;
    }[];
    expect(columns.map((column) => column.name)).toContain('stock_by_size');
    migrated.close();
  });
});
