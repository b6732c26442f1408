import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { openReadModels } from '../db/open';
import { applyChunk, type ChunkLimits, type ProjectorCursor, yieldToEventLoop } from './apply-chunk';
import { quoteIdentifier, setIndexesAside } from './catch-up-indexes';
import type { Projector } from './projector';

/** A throwaway read-model database with every migration, that a rebuild replays the log into. */
interface FreshCopy {
  readonly db: ReadModelsDb;
  readonly path: string;
  /** Closes it and deletes its files. */
  dispose(): void;
}

const READ_PAGE_SIZE = 500;

/**
 * Opens a fresh copy beside the live file (in the temp dir for ':memory:'). A copy left behind by a
 * crash mid-rebuild is harmless: nothing reads it. Only pages of the shop read the indexes that the
 * projectors' own statements do not use, and they read the live tables the rows are copied into, so
 * the copy goes without them (see catch-up-indexes.ts).
 */
function openFreshCopy(live: ReadModelsDb, projectors: readonly Projector[]): FreshCopy {
  const inMemory = live.path === ':memory:' || live.path === '';
  const tempDir = inMemory ? mkdtempSync(join(tmpdir(), 'read-models-rebuild-')) : undefined;
  const path = tempDir ? join(tempDir, 'fresh.sqlite') : `${live.path}.rebuild-${randomUUID().slice(0, 8)}`;
  const db = openReadModels(path, { migrations: live.migrations });
  // Losing the fresh copy in a crash loses nothing: skip the fsyncs.
  db.sqlite.pragma('synchronous = OFF');
  setIndexesAside(db, projectors);
  return {
    db,
    path,
    dispose() {
      if (db.sqlite.open) db.close();
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/**
 * Replays the whole log into a fresh copy of the projectors' tables, offering each position it reaches
 * to `trySwapIn` (with the copy's path) until it accepts; returns that position. The copy is deleted.
 */
export async function rebuildInFreshCopy(
  store: EventStore,
  live: ReadModelsDb,
  projectors: readonly Projector[],
  limits: ChunkLimits,
  trySwapIn: (freshPath: string, position: number) => boolean,
): Promise<number> {
  const fresh = openFreshCopy(live, projectors);
  try {
    const cursors = projectors.map((projector) => ({ projector, checkpoint: 0 }));
    let position = 0;
    for (;;) {
      position = await replayUntilHead(store, fresh.db, cursors, position, limits);
      if (trySwapIn(fresh.path, position)) return position;
    }
  } finally {
    fresh.dispose();
  }
}

/**
 * Replays the log after `fromPosition` into the fresh copy until a read finds nothing more, or, given
 * `until` (ms), up to the last event stored at or before that moment (the log's timestamps follow its
 * positions), yielding to the event loop between transactions. Moves the cursors; returns the last
 * position replayed. Throws ProjectorFailed if a projector throws.
 */
export async function replayUntilHead(
  store: EventStore,
  fresh: ReadModelsDb,
  cursors: readonly ProjectorCursor[],
  fromPosition: number,
  limits: ChunkLimits,
  until = Number.POSITIVE_INFINITY,
): Promise<number> {
  let position = fromPosition;
  for (;;) {
    const read = await store.readAll({ fromPosition: position + 1, maxCount: READ_PAGE_SIZE });
    const later = read.findIndex((event) => event.timestamp > until);
    const page = later === -1 ? read : read.slice(0, later);
    let offset = 0;
    while (offset < page.length) {
      offset = applyChunk(fresh, page, offset, cursors, limits, () => {});
      for (const cursor of cursors) cursor.checkpoint = page[offset - 1]!.position;
      await yieldToEventLoop();
    }
    position = page.at(-1)?.position ?? position;
    if (page.length === 0 || later !== -1) return position;
  }
}

/**
 * In ONE transaction on the live database, replaces the rows of `tables` by the fresh copy's and runs
 * `inSameTransaction` (which moves the checkpoints). Readers see the old rows or the new, never a mix.
 */
export function swapInFreshTables(
  live: ReadModelsDb,
  freshPath: string,
  tables: readonly string[],
  inSameTransaction: () => void,
): void {
  live.sqlite.prepare('ATTACH DATABASE ? AS fresh_copy').run(freshPath);
  try {
    live.transaction(() => {
      for (const table of tables) {
        const name = quoteIdentifier(table);
        const columns = columnsOf(live, table).map(quoteIdentifier).join(', ');
        live.sqlite.exec(
          `DELETE FROM main.${name}; INSERT INTO main.${name} (${columns}) SELECT ${columns} FROM fresh_copy.${name};`,
        );
      }
      inSameTransaction();
    });
  } finally {
    live.sqlite.exec('DETACH DATABASE fresh_copy');
  }
}

function columnsOf(db: ReadModelsDb, table: string): string[] {
  const columns = db.sqlite.pragma(`main.table_info(${quoteIdentifier(table)})`) as { name: string }[];
  if (columns.length === 0) throw new Error(`Cannot rebuild table ${table}: no such table`);
  return columns.map((column) => column.name);
}
