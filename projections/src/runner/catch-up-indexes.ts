import type { ReadModelsDb } from '../db/database';
import { yieldToEventLoop } from './apply-chunk';
import type { Projector } from './projector';

/**
 * Indexes set aside while the runner catches up on a long stretch of the log. Every row a catch-up
 * writes also goes into each index of its table, and indexes the shop's pages read by (orders by
 * user, by date; reviews by date, ...) are keyed in an order unrelated to the log's, so each insert
 * lands on a different page. Building such an index once, from rows already written, sorts them
 * instead. An index a projector's own statements use, and every unique index (an upsert's conflict
 * target, a constraint the rows rely on), stays.
 *
 * Crash safety: the dropped indexes' definitions are recorded in the same transaction that drops
 * them, and restoring recreates each and forgets it in one transaction; `openReadModels` restores
 * whatever a crash left aside before it migrates, so a read-model file is never left without them.
 */
const ASIDE_TABLE = 'indexes_set_aside';

interface IndexRow {
  name: string;
  tbl_name: string;
  sql: string;
}

/**
 * Drops the indexes of the projectors' tables that none of their statements use, recording their
 * definitions. A projector that declares no statements keeps every index. Returns the names dropped.
 */
export function setIndexesAside(db: ReadModelsDb, projectors: readonly Projector[]): string[] {
  const tables = new Set<string>();
  const used = new Set<string>();
  for (const projector of projectors) {
    if (!projector.statements) continue;
    for (const table of projector.tables) tables.add(table);
    for (const { sql } of Object.values(projector.statements)) {
      for (const index of indexesUsedBy(db, sql)) used.add(index);
    }
  }
  const aside = explicitIndexes(db).filter(
    (index) => tables.has(index.tbl_name) && !used.has(index.name) && !isUnique(index),
  );
  if (aside.length === 0) return [];
  db.sqlite.exec(`CREATE TABLE IF NOT EXISTS ${ASIDE_TABLE} (name TEXT PRIMARY KEY, sql TEXT NOT NULL)`);
  const record = db.sqlite.prepare(`INSERT INTO ${ASIDE_TABLE} (name, sql) VALUES (?, ?)`);
  db.transaction(() => {
    for (const index of aside) {
      record.run(index.name, index.sql);
      db.sqlite.exec(`DROP INDEX ${quoteIdentifier(index.name)}`);
    }
  });
  return aside.map((index) => index.name);
}

/** Recreates every index set aside. Returns how many it rebuilt. */
export function restoreIndexes(db: ReadModelsDb): number {
  let restored = 0;
  while (restoreNextIndex(db)) restored += 1;
  return restored;
}

/**
 * Recreates one index set aside, and forgets it, in one transaction, so a caller can let other work
 * run between two: building an index over a large table takes a while. False when none is left.
 */
export function restoreNextIndex(db: ReadModelsDb): boolean {
  const exists = db.sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(ASIDE_TABLE);
  if (!exists) return false;
  const next = db.sqlite.prepare(`SELECT name, sql FROM ${ASIDE_TABLE} ORDER BY name LIMIT 1`).get() as
    | { name: string; sql: string }
    | undefined;
  if (!next) return false;
  const present = db.sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?")
    .get(next.name);
  db.transaction(() => {
    if (!present) db.sqlite.exec(next.sql);
    db.sqlite.prepare(`DELETE FROM ${ASIDE_TABLE} WHERE name = ?`).run(next.name);
  });
  return true;
}

/** The indexes one runner has set aside for a catch-up it has not finished, and their way back. */
export class IndexesAside {
  #aside = false;
  /** While they are being rebuilt, no position counts as reached: a caught-up read model has its indexes. */
  #restoring = false;

  constructor(private readonly db: ReadModelsDb) {}

  get restoring(): boolean {
    return this.#restoring;
  }

  /** Sets aside the indexes the projectors do not read through, unless this catch-up already has. */
  setAside(projectors: readonly Projector[]): void {
    if (this.#aside) return;
    setIndexesAside(this.db, projectors);
    this.#aside = true;
  }

  /** Caught up: the indexes set aside are to be rebuilt (see `restoreGradually`). */
  caughtUp(): void {
    if (this.#aside) this.#restoring = true;
  }

  /**
   * Rebuilds the indexes a catch-up set aside one by one, letting HTTP requests in between (an index
   * over a large table takes a while).
   */
  async restoreGradually(): Promise<void> {
    try {
      while (restoreNextIndex(this.db)) await yieldToEventLoop();
      this.#aside = false;
    } finally {
      this.#restoring = false;
    }
  }

  /** Rebuilds every index set aside at once. */
  restoreAll(): void {
    if (!this.#aside) return;
    restoreIndexes(this.db);
    this.#aside = false;
  }
}

/** The indexes SQLite's plan for `sql` reads through (primary keys and rowids are not indexes here). */
export function indexesUsedBy(db: ReadModelsDb, sql: string): string[] {
  return queryPlan(db, sql).flatMap((step) => {
    const match = /\bUSING (?:COVERING )?INDEX (\S+)/.exec(step);
    return match ? [match[1]!] : [];
  });
}

/** The steps of SQLite's plan for `sql`, each as EXPLAIN QUERY PLAN words it; parameters bound to NULL. */
export function queryPlan(db: ReadModelsDb, sql: string): string[] {
  const parameters = (sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, '').match(/\?/g) ?? []).length;
  const plan = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(parameters).fill(null)) as {
    detail: string;
  }[];
  return plan.map((step) => step.detail);
}

/** Indexes created with CREATE INDEX (those of PRIMARY KEY and UNIQUE constraints have no SQL). */
function explicitIndexes(db: ReadModelsDb): IndexRow[] {
  return db.sqlite
    .prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .all() as IndexRow[];
}

function isUnique(index: IndexRow): boolean {
  return /^\s*CREATE\s+UNIQUE\b/i.test(index.sql);
}

/** A table's or an index's name as SQL, for statements kysely does not build (DDL, ATTACHed copies). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
