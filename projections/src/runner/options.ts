import type { EventStore } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { ChunkLimits, ProjectorFailed } from './apply-chunk';
import type { Projector } from './projector';

/** What a ProjectionRunner is given; the constants below are the catch-up's fixed limits and defaults. */
export interface ProjectionRunnerOptions {
  store: EventStore;
  readModels: ReadModelsDb;
  projectors: readonly Projector[];
  /** Most events applied in one read-model transaction. Defaults to 200. */
  batchSize?: number;
  /** Soft time budget of one transaction, so HTTP requests are not kept waiting. Defaults to 5 ms. */
  maxTransactionMs?: number;
  /** Clock for lag and `updated_at`, epoch milliseconds. */
  now?: () => number;
  /** How often head and lag are re-read from the store while running. Defaults to 1000 ms. */
  statusRefreshMs?: number;
  /** Told when a projector stops on an event it cannot apply (for the logs). */
  onProjectorFailed?: (failure: ProjectorFailed) => void;
  /**
   * How far behind the log (in events) the runner switches to catching up: larger transactions, and
   * the indexes no projector reads through set aside until it is back within this distance. Defaults
   * to 10,000; tests lower it.
   */
  catchUpBehindBy?: number;
  /** Lags are counted in the store up to this many events. Defaults to LAG_COUNT_LIMIT; tests lower it. */
  lagCountLimit?: number;
}

/** Events per read of the log: a catch-up transaction can span one read, never more. */
export const SUBSCRIPTION_BATCH_SIZE = 20_000;

/**
 * This far behind the log (a fresh read-model file, a rebuild after an upgrade, a long outage) the shop
 * answers not ready anyway, so the runner applies larger transactions, up to 200 ms each: a commit
 * writes every page the transaction dirtied, about as many for 200 events as for 2,000, and at 5 ms
 * slices commits were a quarter of a 1,000,000-event catch-up. Within the threshold it is back to
 * short slices that keep HTTP answers quick.
 */
export const CATCH_UP_BEHIND_BY = 10_000;
export const CATCH_UP_LIMITS: ChunkLimits = { maxEvents: SUBSCRIPTION_BATCH_SIZE, maxMs: 200 };
