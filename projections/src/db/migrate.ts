import type { Migration, ReadModelsDb } from './database';

const MIGRATION_NAME = /^(\d{3})-[a-z0-9-]+$/;

/** Applies, in order, every migration the database has not had yet. */
export function applyMigrations(db: ReadModelsDb, migrations: readonly Migration[]): void {
  assertInOrder(migrations);
  db.sqlite.exec(
    'CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)',
  );
  const applied = new Set(db.all(db.qb.selectFrom('migrations').select('name')).map((row) => row.name));
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    db.transaction(() => {
      migration.up(db);
      db.run(db.qb.insertInto('migrations').values({ name: migration.name, applied_at: Date.now() }));
    });
  }
}

function assertInOrder(migrations: readonly Migration[]): void {
  let previous = 0;
  for (const { name } of migrations) {
    const number = Number(MIGRATION_NAME.exec(name)?.[1]);
    if (!Number.isInteger(number) || number <= previous) {
      throw new Error(`Migration ${name} must be named NNN-slice and numbered after the one before it`);
    }
    previous = number;
  }
}
