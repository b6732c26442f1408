import Database from 'better-sqlite3';
import {
  type Compilable,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { applyMigrations, type Migration } from './migrate';
import { readModelMigrations } from './migrations';
import type { ReadModels } from './read-models';

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
  all<Row>(query: Compilable<Row>): Row[];
  first<Row>(query: Compilable<Row>): Row | undefined;
  /** Runs fn in one transaction (a savepoint when nested); rolls back if it throws. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export interface OpenReadModelsOptions {
  /** Defaults to every read model's migrations; tests add their own tables. */
  migrations?: readonly Migration[];
}

/** Distinct SQL texts kept prepared; queries with variable-length IN lists would otherwise grow it forever. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Opens (creating when missing) the read-model database and brings its schema up to date.
 * synchronous=NORMAL: a power cut may lose the last transactions, but never tears one, and the
 * read models are rebuilt from the log anyway.
 */
export function openReadModels(path: string, options: OpenReadModelsOptions = {}): ReadModelsDb {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement<unknown[], unknown>>();

  function prepare(query: Compilable): {
    statement: Database.Statement<unknown[], unknown>;
    params: unknown[];
  } {
    const { sql, parameters } = query.compile();
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = sqlite.prepare<unknown[], unknown>(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
    }
    statements.set(sql, statement);
    return { statement, params: parameters.map(toSqliteValue) };
  }

  const db: ReadModelsDb = {
    path,
    qb: new Kysely<ReadModels>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new SqliteIntrospector(kysely),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    }),
    migrations: options.migrations ?? readModelMigrations,
    sqlite,
    run(query) {
      const { statement, params } = prepare(query);
      return statement.run(...params);
    },
    all<Row>(query: Compilable<Row>) {
      const { statement, params } = prepare(query);
      return statement.all(...params) as Row[];
    },
    first<Row>(query: Compilable<Row>) {
      const { statement, params } = prepare(query);
      return statement.get(...params) as Row | undefined;
    },
    transaction(fn) {
      return sqlite.transaction(fn)();
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
  try {
    applyMigrations(db, db.migrations);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return db;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; kysely may hand it booleans. */
function toSqliteValue(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  return value;
}
