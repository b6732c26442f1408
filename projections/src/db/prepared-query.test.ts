import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadModelsDb } from './database';
import { openReadModels } from './open';
import { prepareQuery } from './prepared-query';

const count = prepareQuery<{ name: string; delta: number }>(
  (qb, arg) =>
    qb
      .insertInto('metrics_counters')
      .values({ name: arg('name'), value: arg('delta') })
      .onConflict((c) =>
        c.column('name').doUpdateSet((eb) => ({ value: eb('metrics_counters.value', '+', arg('delta')) })),
      ),
  { addsUp: ['delta'] },
);
const addToDay = prepareQuery<{ day: string; amount: number; orders: number }>(
  (qb, arg) =>
    qb
      .updateTable('metrics_daily_sales')
      .set((eb) => ({ amount: eb('amount', '+', arg('amount')), orders: eb('orders', '+', arg('orders')) }))
      .where('day', '=', arg('day')),
  { addsUp: ['amount', 'orders'] },
);
const setDay = prepareQuery<{ day: string; amount: number }>((qb, arg) =>
  qb.insertInto('metrics_daily_sales').values({ day: arg('day'), amount: arg('amount'), orders: 0 }),
);
const renameDay = prepareQuery<{ from: string; to: string }>((qb, arg) =>
  qb
    .updateTable('metrics_daily_sales')
    .set({ day: arg('to') })
    .where('day', '=', arg('from')),
);
const setAmount = prepareQuery<{ day: string; amount: number }>((qb, arg) =>
  qb
    .updateTable('metrics_daily_sales')
    .set({ amount: arg('amount') })
    .where('day', '=', arg('day')),
);
const readValue = prepareQuery<{ name: string }, { value: number }>((qb, arg) =>
  qb.selectFrom('metrics_counters').select('value').where('name', '=', arg('name')),
);
const dropCounter = prepareQuery<{ name: string }>((qb, arg) =>
  qb.deleteFrom('metrics_counters').where('name', '=', arg('name')),
);

let db: ReadModelsDb;
beforeEach(() => {
  db = openReadModels(':memory:');
});
afterEach(() => db.close());

const counters = () => db.all(db.qb.selectFrom('metrics_counters').select(['name', 'value']).orderBy('name'));
const days = () =>
  db.all(db.qb.selectFrom('metrics_daily_sales').select(['day', 'amount', 'orders']).orderBy('day'));
/** Rows SQLite has written since the connection opened: what deferral saves. */
const rowsWritten = () => (db.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

describe('prepared queries', () => {
  it('bind named arguments, one name used twice, next to the constants the query was built with', () => {
    db.run(count, { name: 'orders', delta: 2 });
    db.run(count, { name: 'orders', delta: 3 });
    db.run(setDay, { day: '2026-11-23', amount: 150 });
    expect(counters()).toEqual([{ name: 'orders', value: 5 }]);
    expect(days()).toEqual([{ day: '2026-11-23', amount: 150, orders: 0 }]);
    expect(db.first(readValue, { name: 'orders' })).toEqual({ value: 5 });
  });

  it('refuse a run that lacks an argument instead of writing NULL', () => {
    expect(() => db.run(count, { name: 'orders' } as never)).toThrow(/No value for delta/);
    expect(counters()).toEqual([]);
  });

  it('refuse to add up anything but an update or an upsert', () => {
    expect(() =>
      prepareQuery<{ name: string }>(
        (qb, arg) => qb.selectFrom('metrics_counters').selectAll().where('name', '=', arg('name')),
        { addsUp: ['name'] },
      ),
    ).toThrow(/Only an update/);
  });
});

describe('adds inside a transaction', () => {
  it('merge per row into one write, with the rows they would have made one by one', () => {
    const before = rowsWritten();
    db.transaction(() => {
      for (let i = 0; i < 100; i++) db.run(count, { name: i % 2 ? 'odd' : 'even', delta: i });
    });
    expect(rowsWritten() - before).toBe(2);
    expect(counters()).toEqual([
      { name: 'even', value: 2450 },
      { name: 'odd', value: 2500 },
    ]);
  });

  it('are written before a read of the column they add to, so the read sees them', () => {
    db.transaction(() => {
      db.run(count, { name: 'orders', delta: 4 });
      expect(db.first(readValue, { name: 'orders' })).toEqual({ value: 4 });
      db.run(count, { name: 'orders', delta: 1 });
    });
    expect(counters()).toEqual([{ name: 'orders', value: 5 }]);
  });

  it('keep their order against an insert or a delete on their table', () => {
    db.run(setDay, { day: '2026-11-22', amount: 0 });
    db.transaction(() => {
      db.run(count, { name: 'orders', delta: 2 });
      db.run(dropCounter, { name: 'orders' });
      db.run(addToDay, { day: '2026-11-23', amount: 70, orders: 1 });
      db.run(setDay, { day: '2026-11-23', amount: 100 });
      db.run(addToDay, { day: '2026-11-23', amount: 30, orders: 1 });
    });
    // One by one: the counter is gone; the first add found no row, the second added to the new one.
    expect(counters()).toEqual([]);
    expect(days()).toEqual([
      { day: '2026-11-22', amount: 0, orders: 0 },
      { day: '2026-11-23', amount: 130, orders: 1 },
    ]);
  });

  it('are written before an update that names a column they use, even only in its WHERE', () => {
    db.run(setDay, { day: '2026-11-23', amount: 0 });
    db.transaction(() => {
      db.run(addToDay, { day: '2026-11-23', amount: 10, orders: 1 });
      db.run(renameDay, { from: '2026-11-23', to: '2026-11-24' });
      db.run(addToDay, { day: '2026-11-23', amount: 99, orders: 1 });
    });
    expect(days()).toEqual([{ day: '2026-11-24', amount: 10, orders: 1 }]);
  });

  it('are written for one row only before an update of that row by the column they find rows by', () => {
    db.run(setDay, { day: '2026-11-22', amount: 0 });
    db.run(setDay, { day: '2026-11-23', amount: 0 });
    const before = rowsWritten();
    db.transaction(() => {
      db.run(addToDay, { day: '2026-11-22', amount: 5, orders: 1 });
      db.run(addToDay, { day: '2026-11-23', amount: 7, orders: 1 });
      db.run(setAmount, { day: '2026-11-22', amount: 100 });
      db.run(addToDay, { day: '2026-11-22', amount: 1, orders: 1 });
      db.run(addToDay, { day: '2026-11-23', amount: 3, orders: 1 });
    });
    expect(days()).toEqual([
      { day: '2026-11-22', amount: 101, orders: 2 },
      { day: '2026-11-23', amount: 10, orders: 2 },
    ]);
    // The 22nd: its add, the update, its later add; the 23rd's two adds still merged into one write.
    expect(rowsWritten() - before).toBe(4);
  });

  it('vanish with a transaction that throws, and with a nested one that rolls back alone', () => {
    expect(() =>
      db.transaction(() => {
        db.run(count, { name: 'orders', delta: 1 });
        throw new Error('projector failed');
      }),
    ).toThrow('projector failed');
    expect(counters()).toEqual([]);

    db.transaction(() => {
      db.run(count, { name: 'orders', delta: 1 });
      expect(() =>
        db.transaction(() => {
          db.run(count, { name: 'orders', delta: 10 });
          throw new Error('inner');
        }),
      ).toThrow('inner');
      db.run(count, { name: 'orders', delta: 2 });
    });
    expect(counters()).toEqual([{ name: 'orders', value: 3 }]);
  });

  it('refuse a missing argument on the call that lacks it, not at commit', () => {
    db.transaction(() => {
      expect(() => db.run(count, { name: 'orders' } as never)).toThrow(/No value for delta/);
      db.run(count, { name: 'orders', delta: 1 });
    });
    expect(counters()).toEqual([{ name: 'orders', value: 1 }]);
  });

  it('run at once outside a transaction', () => {
    db.run(count, { name: 'orders', delta: 1 });
    expect(db.first(readValue, { name: 'orders' })).toEqual({ value: 1 });
  });
});
