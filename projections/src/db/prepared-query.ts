import {
  type Compilable,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { ReadModels } from './read-models';

/** Stands where a value goes in a prepared query; each run binds the argument of that name. */
class QueryArgument {
  constructor(readonly name: string) {}
}

/**
 * A kysely query compiled once, with named arguments bound at each run (see `prepareQuery`).
 * Projectors apply thousands of events a second: building and compiling the query for every event
 * used to cost more than running it.
 */
export interface PreparedQuery<Args, Row = unknown> {
  readonly sql: string;
  /** One per `?` in `sql`: an argument's name, or a constant the query was built with. */
  readonly slots: readonly (QueryArgument | unknown)[];
  /** What it touches, so a deferred add is written before any query it could affect (see `DeferredAdds`). */
  readonly shape: QueryShape;
  /** Set for a commutative add (see `PrepareOptions.addsUp`). */
  readonly adds?: { summed: readonly string[]; keys: readonly string[] };
  /** Phantom: the shapes of the arguments and of a result row. */
  readonly __types?: { args: Args; row: Row };
}

export interface PrepareOptions<Args> {
  /**
   * Declares the query a pure addition of these arguments to one row (`set n = n + :delta`, or an
   * upsert that inserts or adds): runs inside a transaction may then be merged per row, their
   * `addsUp` arguments summed, and written once before anything else reads or writes the table.
   */
  addsUp?: readonly (keyof Args & string)[];
}

/** A compiled query as far as deferred adds care: its kind, the table it writes, every name it quotes. */
export interface QueryShape {
  kind: 'select' | 'insert' | 'update' | 'delete' | 'other';
  /** Written by an insert, update or delete. */
  table: string | undefined;
  /** Every quoted identifier: tables and columns. */
  names: ReadonlySet<string>;
  /** `select *` or `returning *`: reads columns it does not name. */
  star: boolean;
  /** The columns an update's or an upsert's SET assigns. */
  assigned: readonly string[];
  /** An update's or a delete's only condition is `"column" = ?`, its last `?`: it touches that row alone. */
  keyedBy: string | undefined;
}

const KINDS: Record<string, QueryShape['kind']> = {
  select: 'select',
  'insert into': 'insert',
  update: 'update',
  'delete from': 'delete',
};

/** Reads the shape off kysely's SQLite text, whose identifiers are always double-quoted. */
export function shapeOf(sql: string): QueryShape {
  const statement = /^(select|insert into|update|delete from)\s+(?:"((?:[^"]|"")+)")?/.exec(sql);
  const kind = KINDS[statement?.[1] ?? ''] ?? 'other';
  return {
    kind,
    table: kind === 'select' || kind === 'other' ? undefined : statement?.[2],
    names: new Set([...sql.matchAll(/"((?:[^"]|"")+)"/g)].map((match) => match[1]!)),
    star: /(?:^|[\s,.(])\*/.test(sql.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'/g, '')),
    assigned: [...sql.matchAll(/(?:\bset|,) "((?:[^"]|"")+)" = /g)].map((match) => match[1]!),
    keyedBy:
      (kind === 'update' || kind === 'delete') && sql.split(' where ').length === 2
        ? /where "((?:[^"]|"")+)" = \?$/.exec(sql)?.[1]
        : undefined,
  };
}

/** Names a value to bind at run time; typed as that argument, so kysely checks it like any value. */
export type ArgumentOf<Args> = <Name extends keyof Args & string>(name: Name) => Args[Name];

/** The query builder every read-model database shares: it only builds SQL, it never runs it. */
export const queryBuilder = new Kysely<ReadModels>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/**
 * Compiles `build`'s query once; `arg('x')` marks where the run's `x` is bound:
 *   const addStock = prepareQuery<{ id: string; delta: number }>((qb, arg) =>
 *     qb.updateTable('catalogue_products').set((eb) => ({ count_in_stock: eb('count_in_stock', '+', arg('delta')) }))
 *       .where('id', '=', arg('id')), { addsUp: ['delta'] });
 *   db.run(addStock, { id, delta });
 * Only values can be arguments; a query whose shape varies (column lists, IN lists) is prepared per shape.
 */
export function prepareQuery<Args extends object, Row = unknown>(
  build: (qb: Kysely<ReadModels>, arg: ArgumentOf<Args>) => Compilable<Row>,
  options: PrepareOptions<Args> = {},
): PreparedQuery<Args, Row> {
  const arg: ArgumentOf<Args> = (name) => new QueryArgument(name) as Args[typeof name];
  const { sql, parameters } = build(queryBuilder, arg).compile();
  const shape = shapeOf(sql);
  const query: PreparedQuery<Args, Row> = { sql, slots: parameters, shape };
  if (!options.addsUp) return query;
  if (!shape.table || shape.assigned.length === 0 || (shape.kind !== 'update' && shape.kind !== 'insert')) {
    throw new Error(`Only an update, or an insert that updates on conflict, can add up: ${sql}`);
  }
  const summed = options.addsUp as readonly string[];
  const argumentNames = parameters.filter((p) => p instanceof QueryArgument).map((p) => p.name);
  const keys = [...new Set(argumentNames)].filter((name) => !summed.includes(name));
  return { ...query, adds: { summed, keys } };
}

/** `{ name: arg(name) }` for each name: the values or the set of a query that all come from the run. */
export function argumentsFor<Args, Name extends keyof Args & string>(
  arg: ArgumentOf<Args>,
  names: readonly Name[],
): Pick<Args, Name> {
  return Object.fromEntries(names.map((name) => [name, arg(name)])) as Pick<Args, Name>;
}

/** The run's values in `?` order; a missing argument is a bug in the caller, not a NULL. */
export function bindArguments(query: PreparedQuery<unknown>, args: Record<string, unknown>): unknown[] {
  return query.slots.map((slot) => {
    if (!(slot instanceof QueryArgument)) return toSqliteValue(slot);
    const value = args[slot.name];
    if (value === undefined) throw new Error(`No value for ${slot.name} in: ${query.sql}`);
    return toSqliteValue(value);
  });
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; kysely may hand it booleans. */
export function toSqliteValue(value: unknown): unknown {
  if (value === true) return 1;
  if (value === false) return 0;
  return value;
}

type Args = Record<string, unknown>;

interface PendingTable {
  /** Columns the pending adds assign. */
  readonly assigned: Set<string>;
  /** Every name the pending adds use: the columns they assign and those that find their rows. */
  readonly named: Set<string>;
  /** Per add query, its rows by key, in the order first seen. */
  readonly rows: Map<PreparedQuery<unknown>, Map<string, Args>>;
}

/**
 * The adds of one transaction not written yet, merged per query and row. Additions commute, so
 * writing their sums later gives the same rows, provided a query that could see or change the
 * difference first has them written (`writeBefore`), and a rollback drops them (`clear`). An update
 * or a select of other columns passes (see `affects`), so a chunk of events writes each counter once.
 */
export class DeferredAdds {
  readonly #tables = new Map<string, PendingTable>();

  constructor(private readonly write: (query: PreparedQuery<unknown>, args: Args) => void) {}

  add(query: PreparedQuery<unknown>, args: Args): void {
    const { summed, keys } = query.adds!;
    const table = query.shape.table!;
    let pending = this.#tables.get(table);
    if (!pending) {
      pending = { assigned: new Set(), named: new Set(), rows: new Map() };
      this.#tables.set(table, pending);
    }
    let rows = pending.rows.get(query);
    if (!rows) {
      rows = new Map();
      pending.rows.set(query, rows);
      for (const column of query.shape.assigned) pending.assigned.add(column);
      for (const name of query.shape.names) pending.named.add(name);
    }
    // Checked now, not when written: a projector's mistake must fail on the event that made it.
    for (const name of keys) {
      if (args[name] === undefined) throw new Error(`No value for ${name} in: ${query.sql}`);
    }
    for (const name of summed) {
      if (args[name] === undefined) throw new Error(`No value for ${name} in: ${query.sql}`);
    }
    const key = keys.length === 1 ? String(args[keys[0]!]) : keys.map((k) => String(args[k])).join('\u0000');
    const row = rows.get(key);
    if (row) {
      for (const name of summed) row[name] = (row[name] as number) + (args[name] as number);
    } else {
      rows.set(key, { ...args });
    }
  }

  /**
   * Writes the pending adds `query` could see or change; every one for a query of unknown shape. An
   * update or delete of one row by the column the adds find their rows by writes that row's adds only.
   */
  writeBefore(query: PreparedQuery<unknown> | undefined, args?: Args): void {
    if (this.#tables.size === 0) return;
    for (const [table, pending] of this.#tables) {
      if (query && !affects(query.shape, table, pending)) continue;
      const key = query && args && keyOfRow(query, pending, args);
      if (key === undefined) this.#writeTable(table, pending);
      else this.#writeRow(pending, key);
    }
  }

  writeAll(): void {
    for (const [table, pending] of this.#tables) this.#writeTable(table, pending);
  }

  clear(): void {
    this.#tables.clear();
  }

  #writeRow(pending: PendingTable, key: string): void {
    for (const [query, rows] of pending.rows) {
      const args = rows.get(key);
      if (!args) continue;
      rows.delete(key);
      this.write(query, args);
    }
  }

  #writeTable(table: string, pending: PendingTable): void {
    this.#tables.delete(table);
    for (const [query, rows] of pending.rows) for (const args of rows.values()) this.write(query, args);
  }
}

/**
 * The key of the one row `query` touches, when it is found by the same column as every pending add
 * of the table (each keyed by one argument); undefined when it may touch others.
 */
function keyOfRow(query: PreparedQuery<unknown>, pending: PendingTable, args: Args): string | undefined {
  const column = query.shape.keyedBy;
  // A row moved to another key could meet adds pending for that key.
  if (column === undefined || query.shape.assigned.includes(column)) return undefined;
  for (const add of pending.rows.keys()) {
    const keyArgument = add.slots.at(-1);
    if (
      add.shape.keyedBy !== column ||
      add.adds?.keys.length !== 1 ||
      !(keyArgument instanceof QueryArgument) ||
      keyArgument.name !== add.adds.keys[0]
    ) {
      return undefined;
    }
  }
  const slot = query.slots.at(-1);
  const value = slot instanceof QueryArgument ? args[slot.name] : slot;
  return value === undefined ? undefined : String(value);
}

/**
 * Whether running `shape` before the table's pending adds could differ from running it after them:
 * it reads or assigns a column they add to, assigns a column they use to find their rows, inserts
 * or deletes rows of the table, or reads columns it does not name.
 */
function affects(shape: QueryShape, table: string, pending: PendingTable): boolean {
  if (!shape.names.has(table)) return false;
  if (shape.star || shape.kind === 'other') return true;
  if ((shape.kind === 'insert' || shape.kind === 'delete') && shape.table === table) return true;
  for (const column of pending.assigned) if (shape.names.has(column)) return true;
  for (const column of shape.assigned) if (pending.named.has(column)) return true;
  return false;
}
