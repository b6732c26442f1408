import type { EventStore, NewEvent } from '@shop/contracts';
import type { Migration, ReadModelsDb } from '../db/database';
import { readModelMigrations } from '../db/migrations';
import { openReadModels } from '../db/open';
import type { Projector } from '../runner/projector';

/** One row per event a ledger projector applied; `applied` counts how often (must stay 1). */
export interface LedgerTable {
  position: number;
  stream: string;
  type: string;
  amount: number;
  applied: number;
}

export interface BalancesTable {
  stream: string;
  total: number;
  events: number;
}

export type TestTables = {
  ledger: LedgerTable;
  audit_ledger: LedgerTable;
  balances: BalancesTable;
};

export const testTablesMigration: Migration = {
  name: '900-test-tables',
  up(db) {
    for (const table of ['ledger', 'audit_ledger'] as const) {
      db.run(
        db.qb.schema
          .createTable(table)
          .addColumn('position', 'integer', (column) => column.primaryKey())
          .addColumn('stream', 'text', (column) => column.notNull())
          .addColumn('type', 'text', (column) => column.notNull())
          .addColumn('amount', 'integer', (column) => column.notNull())
          .addColumn('applied', 'integer', (column) => column.notNull()),
      );
    }
    db.run(
      db.qb.schema
        .createTable('balances')
        .addColumn('stream', 'text', (column) => column.primaryKey())
        .addColumn('total', 'integer', (column) => column.notNull())
        .addColumn('events', 'integer', (column) => column.notNull()),
    );
  },
};

/** A read-model database with the real migrations plus the test tables. */
export function openTestReadModels(path: string): ReadModelsDb {
  return openReadModels(path, { migrations: [...readModelMigrations, testTablesMigration] });
}

export const testTables = (db: ReadModelsDb) => db.qb.withTables<TestTables>();

function amountOf(data: unknown): number {
  return (data as { amount: number }).amount;
}

/** Records every event in `table`, counting applications per position. `beforeApply` can sabotage. */
export function aLedgerProjector(
  options: {
    name?: string;
    table?: 'ledger' | 'audit_ledger';
    beforeApply?: (position: number, type: string) => void;
  } = {},
): Projector {
  const { name = 'ledger', table = 'ledger', beforeApply } = options;
  return {
    name,
    tables: [table],
    apply(event, db) {
      beforeApply?.(event.position, event.type);
      db.run(
        testTables(db)
          .insertInto(table)
          .values({
            position: event.position,
            stream: event.streamName,
            type: event.type,
            amount: amountOf(event.data),
            applied: 1,
          })
          .onConflict((conflict) =>
            conflict
              .column('position')
              .doUpdateSet((eb) => ({ applied: eb(eb.ref(`${table}.applied`), '+', 1) })),
          ),
      );
    },
  };
}

/** Running balance per stream, from deposits and withdrawals only. */
export function aBalancesProjector(): Projector {
  return {
    name: 'balances',
    tables: ['balances'],
    handles: ['Deposited', 'Withdrawn'],
    apply(event, db) {
      const signed = event.type === 'Withdrawn' ? -amountOf(event.data) : amountOf(event.data);
      db.run(
        testTables(db)
          .insertInto('balances')
          .values({ stream: event.streamName, total: signed, events: 1 })
          .onConflict((conflict) =>
            conflict.column('stream').doUpdateSet((eb) => ({
              total: eb(eb.ref('balances.total'), '+', signed),
              events: eb(eb.ref('balances.events'), '+', 1),
            })),
          ),
      );
    },
  };
}

/** The n-th test event: deposits mostly, some withdrawals, some notes no balance cares about. */
export function aTestEvent(n: number): NewEvent {
  const type = n % 5 === 4 ? 'Withdrawn' : n % 7 === 3 ? 'Noted' : 'Deposited';
  return { type, data: { amount: ((n * 37) % 100) + 1 } };
}

/** Appends `count` test events, spread over `streams` streams, one append each; returns the last position. */
export async function appendTestEvents(
  store: EventStore,
  count: number,
  options: { streams?: number; first?: number } = {},
): Promise<number> {
  const { streams = 5, first = 1 } = options;
  let position = 0;
  for (let n = first; n < first + count; n++) {
    ({ position } = await store.append(`account-${n % streams}`, [aTestEvent(n)]));
  }
  return position;
}

/** Every row of a table in primary-key order, to compare read models row for row. */
export function rowsOf(db: ReadModelsDb, table: keyof TestTables): unknown[] {
  return db.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
}
