import type Database from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { PreparedQuery } from './prepared-query';
import type { ReadModels } from './read-models';

// The read-model database's types, apart from its implementation (open.ts), so the migrations, the
// projectors and the queries depend on what the database is, not on how it is opened.

/** What `run` reports: rows changed and the rowid of the last insert. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/**
 * The read-model database: kysely builds the SQL, better-sqlite3 runs it synchronously, so a
 * projector's whole batch fits in one transaction and a query function is a plain call shaped `(db, args)`.
 */
export interface ReadModelsDb {
  /** The file it was opened on, or ':memory:'. */
  readonly path: string;
  /** A query builder only: never `.execute()` it (its driver does nothing); pass the query to run/all/first. */
  readonly qb: Kysely<ReadModels>;
  /** The migrations this database was opened with; a rebuild opens its fresh copy with the same. */
  readonly migrations: readonly Migration[];
  /** The raw connection, for what kysely cannot say (ATTACH, pragmas). */
  readonly sqlite: Database.Database;
  run(query: Compilable): RunResult;
  /** Inside a transaction, a query prepared with `addsUp` is deferred: it answers 0 changes. */
  run<Args>(query: PreparedQuery<Args>, args: Args): RunResult;
  all<Row>(query: Compilable<Row>): Row[];
  all<Args, Row>(query: PreparedQuery<Args, Row>, args: Args): Row[];
  first<Row>(query: Compilable<Row>): Row | undefined;
  first<Args, Row>(query: PreparedQuery<Args, Row>, args: Args): Row | undefined;
  /** Runs fn in one transaction (a savepoint when nested); rolls back if it throws. */
  transaction<T>(fn: () => T): T;
  /**
   * The current transaction's instance of `kind` (made on first use): writes a projector holds back
   * within one transaction, `flush`ed just before it commits and dropped if it rolls back. Only
   * inside `transaction`; a nested transaction first flushes what the enclosing one holds.
   */
  heldBack<T extends HeldBackWrites>(kind: HeldBackKind<T>): T;
  /**
   * Changes whenever what a query could read may have changed: a row written through this connection
   * (the projection runner's: total_changes()), or a commit by another connection (a CLI: data_version).
   * Equal versions, asked outside a transaction, mean every query answers as before: a cache of answers
   * keys on it. Two prepared statements, ~1 us; the pragma table functions cost ten times that.
   */
  version(): string;
  close(): void;
}

/** Writes held back until the transaction commits (see `ReadModelsDb.heldBack`). */
export interface HeldBackWrites {
  /** Writes what is held; runs inside the transaction, before it commits. */
  flush(db: ReadModelsDb): void;
}

/** Makes the held-back writes of one kind for a transaction; the object itself is the key. */
export interface HeldBackKind<T extends HeldBackWrites> {
  create(): T;
}

/**
 * One schema step of the read-model database. Named `NNN-slice` (e.g. `002-catalogue`) after its file
 * in `migrations/`; applied once, in number order, each in its own transaction.
 */
export interface Migration {
  name: string;
  up(db: ReadModelsDb): void;
}
