import { join } from 'node:path';
import Database from 'better-sqlite3';
import { READ_MODELS_FILE } from './backup';

/**
 * Every read-model table and view of a DATA_DIR, row for row in a stable order, leaving out the
 * runner's own bookkeeping (checkpoints): what two shops built from the same log must agree on.
 */
export function readModelTables(dataDir: string): Record<string, unknown[]> {
  const db = new Database(join(dataDir, READ_MODELS_FILE), { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables
        .map(({ name }) => name)
        .filter((name) => !/checkpoint|migration|projector/i.test(name))
        .map((name) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all()]),
    );
  } finally {
    db.close();
  }
}
