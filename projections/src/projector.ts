import type { RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from './db';

/**
 * Builds one read model from the log. `apply` is synchronous and pure over the read-model database:
 * no clock, no network, no randomness, so replaying the log rebuilds the same rows. It runs inside the
 * runner's transaction; throwing stops this projector (the batch's changes roll back) and records why.
 */
export interface Projector {
  /** Stable: it keys the checkpoint. */
  name: string;
  /** Every table the projector writes; rebuild swaps exactly these. */
  tables: readonly string[];
  /** Event types it reacts to; others are skipped without calling `apply`. Omitted: every event. */
  handles?: readonly string[];
  apply(event: RecordedEvent, db: ReadModelsDb): void;
}
