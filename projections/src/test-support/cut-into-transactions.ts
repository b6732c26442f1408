import type { RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import { openReadModels } from '../db/open';
import type { Projector } from '../runner/projector';

/**
 * What `read` answers after `projector` applied `log` in two transactions cut before each event in
 * turn (before the first and after the last included): one answer per cut, to compare with the
 * answer one event a transaction gives. Writes a projector holds back until a commit must leave the
 * same rows wherever a transaction ends.
 */
export function readAtEveryCut<T>(
  projector: Projector,
  log: readonly RecordedEvent[],
  read: (db: ReadModelsDb) => T,
): { cut: number; answer: T }[] {
  return Array.from({ length: log.length + 1 }, (_, cut) => {
    const db = openReadModels(':memory:');
    for (const part of [log.slice(0, cut), log.slice(cut)]) {
      db.transaction(() => {
        for (const event of part) projector.apply(event, db);
      });
    }
    const answer = read(db);
    db.close();
    return { cut, answer };
  });
}
