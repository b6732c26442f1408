import type { EventStore } from '@shop/contracts';
import type { ReadModelsDb } from '@shop/projections';
import type { ReadModelWaiter } from '../commands/handle-command';
import type { Logger } from '../logger';
import type { RetryPolicy } from './message-state';

/** What the outbox stands on: the shared log, this instance's read models, the clock. */
export interface OutboxDeps {
  store: EventStore;
  readModels: ReadModelsDb;
  projections: ReadModelWaiter;
  clock: () => Date;
  newId: () => string;
  logger: Logger;
}

/** The outbox's pace. Tests shorten it; the defaults suit a shop. */
export interface OutboxTiming {
  /** How often a sender looks for due messages besides being woken. */
  pollMs: number;
  /** How long an attempt holds a message; longer than any send may take. */
  leaseMs: number;
  /** Attempts in flight at once per instance. */
  concurrency: number;
  retry: RetryPolicy;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  pollMs: 1_000,
  leaseMs: 2 * 60_000,
  concurrency: 4,
  retry: { firstDelayMs: 30_000, maxDelayMs: 30 * 60_000, giveUpAfterMs: 3 * 24 * 60 * 60_000 },
};

/** A pause that a stop cuts short. */
export function pause(ms: number, stopped: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
    stopped,
  ]).finally(() => clearTimeout(timer));
}
