import type { EventStore } from '@shop/contracts';
import { applyChunk, type ChunkLimits, yieldToEventLoop } from './apply-chunk';
import type { ReadModelsDb } from './database';
import { openReadModels } from './db';
import type { Projector } from './projector';

/** Events read from the log at a time: what is held in memory, whatever the log's length. */
const PAGE_SIZE = 2_000;
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
  const cutoff = asOf.getTime();
  const cursors = projectors.map((projector) => ({ projector, checkpoint: 0 }));
  const db = openReadModels(':memory:');
  try {
    let position = 0;
    for (;;) {
      const page = await store.readAll({ fromPosition: position + 1, maxCount: PAGE_SIZE });
      const after = page.findIndex((event) => event.timestamp > cutoff);
      const events = after === -1 ? page : page.slice(0, after);
      let offset = 0;
      while (offset < events.length) {
        offset = applyChunk(db, events, offset, cursors, LIMITS, () => {});
        await yieldToEventLoop();
      }
      position = events.at(-1)?.position ?? position;
      if (after !== -1 || page.length < PAGE_SIZE) return read(db);
    }
  } finally {
    db.close();
  }
}
