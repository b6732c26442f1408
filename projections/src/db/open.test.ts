import { describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { openTestReadModels, testTables } from '../test-support/test-tables';
import type { Migration } from './database';
import { readModelMigrations } from './migrations';
import { openReadModels } from './open';

const temp = useTempDir();

describe('openReadModels', () => {
  it('opens its own file in WAL mode with synchronous=NORMAL and records the migrations it applied', () => {
    const db = openReadModels(temp.path('read-models.sqlite'));
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    expect(db.all(db.qb.selectFrom('migrations').select('name').orderBy('name'))).toEqual(
      readModelMigrations.map(({ name }) => ({ name })),
    );
    expect(readModelMigrations[0]?.name).toBe('001-projection-checkpoints');
    db.close();
  });

  it('applies each migration once, however often the file is reopened', () => {
    const ups = vi.fn();
    const counted: Migration = { name: '901-counted', up: ups };
    const migrations = [...readModelMigrations, counted];
    openReadModels(temp.path('rm.sqlite'), { migrations }).close();
    const reopened = openReadModels(temp.path('rm.sqlite'), { migrations });
    expect(ups).toHaveBeenCalledTimes(1);
    expect(reopened.all(reopened.qb.selectFrom('migrations').select('name').orderBy('name'))).toEqual(
      migrations.map(({ name }) => ({ name })),
    );
    reopened.close();
  });

  it('refuses migrations that are not numbered in order', () => {
    const late: Migration = { name: '000-too-early', up: () => {} };
    expect(() => openReadModels(':memory:', { migrations: [...readModelMigrations, late] })).toThrow(
      /000-too-early/,
    );
  });

  it('a migration that throws leaves no trace, so it runs again next time', () => {
    const broken: Migration = {
      name: '902-broken',
      up(db) {
        db.sqlite.exec('CREATE TABLE half_done (id INTEGER)');
        throw new Error('boom');
      },
    };
    const path = temp.path('rm.sqlite');
    expect(() => openReadModels(path, { migrations: [...readModelMigrations, broken] })).toThrow('boom');
    const db = openReadModels(path);
    expect(
      db.first(db.qb.selectFrom('migrations').select('name').where('name', '=', '902-broken')),
    ).toBeUndefined();
    expect(
      db.sqlite.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get(),
    ).toBeUndefined();
    db.close();
  });
});

describe('the synchronous executors', () => {
  it('run, all and first execute kysely queries on better-sqlite3', () => {
    const db = openTestReadModels(':memory:');
    const q = testTables(db);
    const inserted = db.run(
      q.insertInto('balances').values([
        { stream: 'a', total: 5, events: 1 },
        { stream: 'b', total: 7, events: 2 },
      ]),
    );
    expect(inserted.changes).toBe(2);
    expect(db.all(q.selectFrom('balances').select(['stream', 'total']).orderBy('stream'))).toEqual([
      { stream: 'a', total: 5 },
      { stream: 'b', total: 7 },
    ]);
    expect(db.first(q.selectFrom('balances').selectAll().where('stream', '=', 'b'))).toEqual({
      stream: 'b',
      total: 7,
      events: 2,
    });
    expect(db.first(q.selectFrom('balances').selectAll().where('stream', '=', 'z'))).toBeUndefined();
    expect(db.all(q.deleteFrom('balances').where('stream', '=', 'a').returning('total'))).toEqual([
      { total: 5 },
    ]);
    db.close();
  });

  it('binds booleans as 1 and 0', () => {
    const db = openTestReadModels(':memory:');
    const q = testTables(db);
    db.run(q.insertInto('balances').values({ stream: 'a', total: 1, events: 1 }));
    const flagged = db.first(
      q
        .selectFrom('balances')
        .select('stream')
        .where('total', '=', true as unknown as number),
    );
    expect(flagged).toEqual({ stream: 'a' });
    db.close();
  });

  it('prepares each SQL text once and reuses the statement', () => {
    const db = openTestReadModels(':memory:');
    const prepare = vi.spyOn(db.sqlite, 'prepare');
    const q = testTables(db);
    for (const stream of ['a', 'b', 'c'])
      db.first(q.selectFrom('balances').selectAll().where('stream', '=', stream));
    expect(prepare).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('transaction commits what fn did, or nothing when it throws', () => {
    const db = openTestReadModels(':memory:');
    const q = testTables(db);
    db.transaction(() => db.run(q.insertInto('balances').values({ stream: 'kept', total: 1, events: 1 })));
    expect(() =>
      db.transaction(() => {
        db.run(q.insertInto('balances').values({ stream: 'lost', total: 1, events: 1 }));
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(db.all(q.selectFrom('balances').select('stream'))).toEqual([{ stream: 'kept' }]);
    db.close();
  });
});

describe('version', () => {
  it('stays while only reads run, and moves with a write here or a commit elsewhere', () => {
    const path = temp.path('versioned.sqlite');
    const db = openReadModels(path);
    const other = openReadModels(path);
    const counters = db.qb.selectFrom('metrics_counters').selectAll();
    const start = db.version();
    db.all(counters);
    expect(db.version()).toBe(start);

    db.run(db.qb.insertInto('metrics_counters').values({ name: 'orders', value: 1 }));
    const afterOwnWrite = db.version();
    expect(afterOwnWrite).not.toBe(start);

    other.run(db.qb.updateTable('metrics_counters').set({ value: 2 }));
    const afterOtherCommit = db.version();
    expect(afterOtherCommit).not.toBe(afterOwnWrite);
    expect(db.all(counters)).toEqual([{ name: 'orders', value: 2 }]);
    expect(db.version()).toBe(afterOtherCommit);
    other.close();
    db.close();
  });
});
