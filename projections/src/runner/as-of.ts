import type { EventStore } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { openReadModels } from '../db/open';
import type { ChunkLimits } from './apply-chunk';
import type { Projector } from './projector';
import { replayUntilHead } from './rebuild';

/** One transaction's work before the event loop (other requests) gets a turn. */
const LIMITS: ChunkLimits = { maxEvents: 2_000, maxMs: 50 };

/**
 * The read models of `projectors` as they stood at `asOf`: the log replayed, a page at a time, through
 * the same projector code into a temporary in-memory database, up to the last event stored at or before
 * that moment (the log's timestamps follow its positions). Nothing is snapshotted: `read` asks it its
 * question, and the database is thrown away afterwards.
 */
export async function readAsOf<T>(
  store: EventStore,
  asOf: Date,
  projectors: readonly Projector[],
  read: (db: ReadModelsDb) => T,
): Promise<T> {
  const cursors = projectors.map((projector) => ({ projector, checkpoint: 0 }));
  const db = openReadModels(':memory:');
  try {
    await replayUntilHead(store, db, cursors, 0, LIMITS, asOf.getTime());
    return read(db);
  } finally {
    db.close();
  }
}
