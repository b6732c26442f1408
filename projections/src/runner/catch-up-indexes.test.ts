import type { EventStore } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { allProjectors } from '../all-projectors';
import type { Migration, ReadModelsDb } from '../db/database';
import { readModelMigrations } from '../db/migrations';
import { openReadModels } from '../db/open';
import { useProjectionFixture } from '../test-support/projection-fixture';
import { POSITIONS_PER_EVENT, withSparsePositions } from '../test-support/sparse-positions';
import { appendTestEvents } from '../test-support/test-tables';
import {
  indexesUsedBy,
  queryPlan,
  restoreIndexes,
  restoreNextIndex,
  setIndexesAside,
} from './catch-up-indexes';
import type { Projector } from './projector';

const fixture = useProjectionFixture();

/** Notes per stream: one index the projector reads through, two only a page would read, one unique. */
const notesMigration: Migration = {
  name: '901-notes',
  up(db) {
    db.sqlite.exec(`
      CREATE TABLE notes (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, amount INTEGER NOT NULL, nth INTEGER NOT NULL);
      CREATE INDEX notes_by_stream ON notes (stream, nth);
      CREATE INDEX notes_by_amount ON notes (amount DESC, position);
      CREATE INDEX notes_by_nth ON notes (nth);
      CREATE UNIQUE INDEX notes_once_per_stream ON notes (amount, stream, position);
    `);
  },
};

const notesSql = {
  countInStream: { sql: 'SELECT coalesce(max(nth), 0) AS n FROM notes WHERE stream = ?' },
  insert: { sql: 'INSERT INTO notes (position, stream, amount, nth) VALUES (?, ?, ?, ?)' },
};

type IndexSeen = { position: number; indexes: string[] };

/** Numbers each stream's notes with a read through notes_by_stream; records the indexes it found. */
function aNotesProjector(seen: IndexSeen[] = [], onApply?: (position: number) => void): Projector {
  return {
    name: 'notes',
    tables: ['notes'],
    statements: notesSql,
    apply(event, db) {
      onApply?.(event.position);
      seen.push({ position: event.position, indexes: indexNames(db) });
      const { n } = db.sqlite.prepare(notesSql.countInStream.sql).get(event.streamName) as { n: number };
      const { amount } = event.data as { amount: number };
      db.sqlite.prepare(notesSql.insert.sql).run(event.position, event.streamName, amount, n + 1);
    },
  };
}

function openNotes(name = 'read-models.sqlite'): ReadModelsDb {
  return openReadModels(fixture.temp.path(name), { migrations: [...readModelMigrations, notesMigration] });
}

function indexNames(db: ReadModelsDb): string[] {
  return (
    db.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notes' ORDER BY name")
      .all() as { name: string }[]
  ).map((row) => row.name);
}

/** Every index of the read models (not the catch-up's own bookkeeping), with its definition. */
function indexDefinitions(db: ReadModelsDb): unknown[] {
  return db.sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name <> 'indexes_set_aside' ORDER BY name",
    )
    .all();
}

const notesRows = (db: ReadModelsDb) => db.sqlite.prepare('SELECT * FROM notes ORDER BY position').all();

describe('catching up on a long stretch of the log', () => {
  it('sets aside the indexes no projector statement reads through, and has them back before a wait returns', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 400);
    const readModels = openNotes();
    const before = indexDefinitions(readModels);
    const seen: IndexSeen[] = [];
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aNotesProjector(seen)],
      catchUpBehindBy: 100,
    });

    await runner.start();
    expect(await runner.waitForPosition(head, 10_000)).toBe(true);

    const whileCatchingUp = ['notes_by_stream', 'notes_once_per_stream'];
    expect(seen).toEqual(
      Array.from({ length: head }, (_, i) => ({ position: i + 1, indexes: whileCatchingUp })),
    );
    expect(indexDefinitions(readModels)).toEqual(before);
    expect(readModels.sqlite.prepare('SELECT count(*) AS n FROM indexes_set_aside').get()).toEqual({ n: 0 });

    // Back within the distance: events are applied with every index in place.
    const later = await appendTestEvents(store, 5, { first: 401 });
    expect(await runner.waitForPosition(later, 10_000)).toBe(true);
    expect(seen.at(-1)).toEqual({
      position: later,
      indexes: ['notes_by_amount', 'notes_by_nth', 'notes_by_stream', 'notes_once_per_stream'],
    });

    const reference = openNotes('reference.sqlite');
    const steady = fixture.runner({
      store,
      readModels: reference,
      projectors: [aNotesProjector()],
      catchUpBehindBy: Number.POSITIVE_INFINITY,
    });
    await steady.start();
    expect(await steady.waitForPosition(later, 10_000)).toBe(true);
    expect(notesRows(readModels)).toEqual(notesRows(reference));
  });

  it('counts the distance in events, not positions: a live log whose positions jump keeps every index', async () => {
    const store = withSparsePositions(fixture.openStore());
    const head = await appendTestEvents(store, 20);
    const readModels = openNotes();
    const seen: IndexSeen[] = [];
    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aNotesProjector(seen)],
      catchUpBehindBy: 100,
    });

    await runner.start();
    expect(await runner.waitForPosition(head, 10_000)).toBe(true);
    const later = await appendTestEvents(store, 5, { first: 21 });
    expect(await runner.waitForPosition(later, 10_000)).toBe(true);

    const everyIndex = ['notes_by_amount', 'notes_by_nth', 'notes_by_stream', 'notes_once_per_stream'];
    expect(seen).toEqual(
      Array.from({ length: 25 }, (_, i) => ({
        position: (i + 1) * POSITIONS_PER_EVENT,
        indexes: everyIndex,
      })),
    );
  });

  it('has the indexes back when stopped halfway', async () => {
    const store = fixture.openStore();
    await appendTestEvents(store, 400);
    // The log in reads of 200: the runner stops after the first, still 200 events behind.
    const pagedStore: EventStore = {
      ...store,
      subscribeToAll: (options) => store.subscribeToAll({ ...options, maxBatchSize: 200 }),
    };
    const readModels = openNotes();
    const seen: IndexSeen[] = [];
    let stopped: Promise<void> | undefined;
    const runner = fixture.runner({
      store: pagedStore,
      readModels,
      projectors: [
        aNotesProjector(seen, (position) => {
          if (position === 200) stopped = runner.stop();
        }),
      ],
      catchUpBehindBy: 100,
    });
    await runner.start();
    await expect.poll(() => runner.status().projectors[0]?.state).toBe('stopped');
    await stopped;

    expect(seen.at(-1)).toEqual({ position: 200, indexes: ['notes_by_stream', 'notes_once_per_stream'] });
    expect(indexNames(readModels)).toEqual([
      'notes_by_amount',
      'notes_by_nth',
      'notes_by_stream',
      'notes_once_per_stream',
    ]);
    expect(runner.status().projectors[0]).toMatchObject({ checkpoint: 200 });
  });

  it('a read-model file a crash left mid-catch-up gets its indexes back when opened', () => {
    const crashed = openNotes();
    const before = indexDefinitions(crashed);
    expect(setIndexesAside(crashed, [aNotesProjector()])).toEqual(['notes_by_amount', 'notes_by_nth']);
    crashed.close();

    const reopened = openNotes();
    expect(indexDefinitions(reopened)).toEqual(before);
    expect(restoreIndexes(reopened)).toBe(0);
  });

  it('rebuilds them one at a time, each with its record in one transaction', () => {
    const db = openNotes();
    const before = indexDefinitions(db);
    setIndexesAside(db, [aNotesProjector()]);
    expect(restoreNextIndex(db)).toBe(true);
    expect(indexNames(db)).toEqual(['notes_by_amount', 'notes_by_stream', 'notes_once_per_stream']);
    db.close();

    const reopened = openNotes();
    expect(indexDefinitions(reopened)).toEqual(before);
    expect(restoreNextIndex(reopened)).toBe(false);
  });

  it('keeps every index of a projector that declares no statements', () => {
    const db = openNotes();
    const { statements: _, ...undeclared } = aNotesProjector();
    expect(setIndexesAside(db, [undeclared])).toEqual([]);
    expect(indexNames(db)).toEqual([
      'notes_by_amount',
      'notes_by_nth',
      'notes_by_stream',
      'notes_once_per_stream',
    ]);
  });
});

describe("the shop's projectors while catching up", () => {
  it('keep the indexes their own statements read through and set aside those only pages read', () => {
    const db = fixture.openReadModels();
    const aside = setIndexesAside(db, allProjectors);
    expect(aside).toEqual(
      expect.arrayContaining([
        'orders_by_user',
        'orders_by_created',
        'reviews_by_date',
        'customers_by_email',
      ]),
    );
    expect(aside).not.toContain('catalogue_reviews_by_product');
    expect(aside).not.toContain('catalogue_product_sizes_by_product');
  });

  it('never make SQLite scan a whole table for a row once the indexes are aside', () => {
    const db = fixture.openReadModels();
    setIndexesAside(db, allProjectors);
    for (const projector of allProjectors) {
      for (const { sql } of Object.values(projector.statements ?? {})) {
        if (!/\bwhere\b/i.test(sql)) continue;
        // A table-valued function (json_each over one order's lines) is scanned; a table never.
        expect({ sql, plan: queryPlan(db, sql) }).not.toEqual(
          expect.objectContaining({
            plan: expect.arrayContaining([expect.stringMatching(/^SCAN (?!\S+ VIRTUAL TABLE)/)]),
          }),
        );
      }
    }
  });

  it('reads the indexes a statement uses off its query plan', () => {
    const db = fixture.openReadModels();
    expect(
      indexesUsedBy(db, 'select count(*), sum("rating") from "catalogue_reviews" where "product_id" = ?'),
    ).toEqual(['catalogue_reviews_by_product']);
    expect(indexesUsedBy(db, 'select * from "orders" where "id" = ?')).toEqual(['sqlite_autoindex_orders_1']);
  });
});
