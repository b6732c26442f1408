import type { ReadModelsDb } from '../database';
import type { ReadModels } from '../read-models';

/**
 * Empties a projector's tables and drops its checkpoint, so the runner projects it again from the
 * first event at start-up: for a read model whose new columns only the log can fill. The shop reports
 * ready once it has caught up again; the other read models are left as they are.
 */
export function replayProjector(db: ReadModelsDb, name: string, tables: readonly (keyof ReadModels)[]): void {
  for (const table of tables) db.run(db.qb.deleteFrom(table));
  db.run(db.qb.deleteFrom('projection_checkpoints').where('name', '=', name));
}
