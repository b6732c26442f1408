import Database from 'better-sqlite3';
import type { Compilable } from 'kysely';
import { restoreIndexes } from '../runner/catch-up-indexes';
import type { HeldBackKind, HeldBackWrites, Migration, ReadModelsDb, RunResult } from './database';
import { applyMigrations } from './migrate';
import { readModelMigrations } from './migrations';
import {
  bindArguments,
  DeferredAdds,
  type PreparedQuery,
  queryBuilder,
  toSqliteValue,
} from './prepared-query';

export interface OpenReadModelsOptions {
  /** Defaults to every read model's migrations; tests add their own tables. */
  migrations?: readonly Migration[];
}

/** What `run` answers for an add it deferred: its rows are written before the transaction commits. */
const DEFERRED: RunResult = Object.freeze({ changes: 0, lastInsertRowid: 0 });

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
  // 64 MiB of pages (the default is 2 MiB): a catch-up transaction dirties tens of thousands of pages,
  // and a smaller cache spills them to the WAL mid-transaction.
  sqlite.pragma('cache_size = -65536');
  // A checkpoint runs inside a commit, on the event loop; the runner commits hundreds of small
  // transactions a second that rewrite the same pages (counters, checkpoints, a product's row), which a
  // rarer checkpoint copies once instead of again and again: ~40 MB of WAL at most (default ~4 MB).
  sqlite.pragma('wal_autocheckpoint = 10000');
  const statements = new Map<string, Database.Statement<unknown[], unknown>>();
  const prepared = new Map<PreparedQuery<unknown>, Database.Statement<unknown[], unknown>>();
  const runPrepared = (query: PreparedQuery<unknown>, args: Record<string, unknown>) =>
    statementFor(query).run(...bindArguments(query, args));
  const deferred = new DeferredAdds(runPrepared);
  const heldBack = new Map<HeldBackKind<HeldBackWrites>, HeldBackWrites>();
  /** Held-back writes first (they may run deferred adds), then the deferred adds. */
  const writePending = () => {
    for (const [kind, writes] of heldBack) {
      heldBack.delete(kind);
      writes.flush(db);
    }
    deferred.writeAll();
  };
  const totalChanges = sqlite.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  /** Depth of `transaction` calls: adds are deferred only inside one, which writes them before it ends. */
  let depth = 0;

  function statementFor(query: PreparedQuery<unknown>): Database.Statement<unknown[], unknown> {
    let statement = prepared.get(query);
    if (!statement) {
      statement = sqlite.prepare<unknown[], unknown>(query.sql);
      prepared.set(query, statement);
    }
    return statement;
  }

  /** The statement and its values; first writes the deferred adds the query could see or overwrite. */
  function prepare(
    query: Compilable | PreparedQuery<unknown>,
    args?: unknown,
  ): { statement: Database.Statement<unknown[], unknown>; params: unknown[] } {
    if (!isCompilable(query)) {
      deferred.writeBefore(query, args as Record<string, unknown>);
      return {
        statement: statementFor(query),
        params: bindArguments(query, args as Record<string, unknown>),
      };
    }
    deferred.writeBefore(undefined);
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
    qb: queryBuilder,
    migrations: options.migrations ?? readModelMigrations,
    sqlite,
    run(query: Compilable | PreparedQuery<unknown>, args?: unknown) {
      if (!isCompilable(query) && query.adds && depth > 0) {
        deferred.add(query, args as Record<string, unknown>);
        return DEFERRED;
      }
      const { statement, params } = prepare(query, args);
      return statement.run(...params);
    },
    all<Row>(query: Compilable<Row> | PreparedQuery<unknown, Row>, args?: unknown) {
      const { statement, params } = prepare(query, args);
      return statement.all(...params) as Row[];
    },
    first<Row>(query: Compilable<Row> | PreparedQuery<unknown, Row>, args?: unknown) {
      const { statement, params } = prepare(query, args);
      return statement.get(...params) as Row | undefined;
    },
    transaction(fn) {
      // What is deferred before a nested transaction belongs to the enclosing one: write it first,
      // so a rollback of this one drops only its own adds.
      writePending();
      try {
        depth += 1;
        return sqlite.transaction(() => {
          const result = fn();
          writePending();
          return result;
        })();
      } catch (error) {
        heldBack.clear();
        deferred.clear();
        throw error;
      } finally {
        depth -= 1;
      }
    },
    heldBack<T extends HeldBackWrites>(kind: HeldBackKind<T>): T {
      if (depth === 0) throw new Error('Writes can be held back only inside a transaction');
      let writes = heldBack.get(kind);
      if (!writes) {
        writes = kind.create();
        heldBack.set(kind, writes);
      }
      return writes as T;
    },
    version() {
      return `${totalChanges.get()}:${dataVersion.get()}`;
    },
    close() {
      heldBack.clear();
      deferred.clear();
      statements.clear();
      prepared.clear();
      sqlite.close();
    },
  };
  try {
    // Before migrating: a migration may change an index that a catch-up cut short by a crash set aside.
    restoreIndexes(db);
    applyMigrations(db, db.migrations);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return db;
}

function isCompilable(query: Compilable | PreparedQuery<unknown>): query is Compilable {
  return typeof (query as Compilable).compile === 'function';
}
