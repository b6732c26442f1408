import type { EventStore, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { ProjectorState } from '../db/read-models';
import { firstPendingTimestamp, type ProjectorCursor, type ProjectorFailed } from './apply-chunk';
import { failureOf, loadCheckpoints, type ProjectorFailure, saveCheckpoint, saveState } from './checkpoints';
import type { ProjectionStatus, ProjectorStatus } from './projection-status';
import type { Projector } from './projector';
import { swapInFreshTables } from './rebuild';

/** What the runner knows of one projector. */
export interface ProjectorProgress extends ProjectorCursor {
  state: ProjectorState;
  failure: ProjectorFailure | undefined;
  /** Timestamp of the first event after the checkpoint, when known: the age of the lag. */
  pendingSince: number | undefined;
  /** Events after the checkpoint, as last counted in the store (0 once the checkpoint is at the head). */
  lagEvents: number;
}

/** Lags are counted up to this many events: a larger count costs a read of the store for nothing. */
export const LAG_COUNT_LIMIT = 100_000;

/**
 * Where each of a runner's projectors stands (checkpoint, state, failure) and how far behind the log:
 * the head as last seen, and per projector the events it has yet to apply and the age of the oldest.
 * Kept up to date from what the runner reads and commits, and re-read from the store by `refresh`.
 */
export class ProjectionProgress {
  readonly all: ProjectorProgress[];
  readonly #lagCountLimit: number;
  #head = 0;

  /** Loads the projectors' checkpoints, creating a stopped one at position 0 for a newcomer. */
  constructor(db: ReadModelsDb, projectors: readonly Projector[], now: number, lagCountLimit: number) {
    this.#lagCountLimit = lagCountLimit;
    const rows = loadCheckpoints(
      db,
      projectors.map((projector) => projector.name),
      now,
    );
    this.all = projectors.map((projector) => {
      const row = rows.get(projector.name)!;
      const failure = failureOf(row);
      return {
        projector,
        checkpoint: row.position,
        state: failure ? 'failed' : 'stopped',
        failure,
        pendingSince: undefined,
        lagEvents: 0,
      };
    });
  }

  /** Position of the last event in the log, as last seen. */
  get head(): number {
    return this.#head;
  }

  /** The log reaches at least `position`. */
  sawHead(position: number): void {
    this.#head = Math.max(this.#head, position);
  }

  running(): ProjectorProgress[] {
    return this.all.filter((p) => p.state === 'running');
  }

  /** The named projectors, every one when no names are given. */
  select(names: readonly string[] | undefined): ProjectorProgress[] {
    if (!names) return [...this.all];
    return names.map((name) => {
      const progress = this.all.find((p) => p.projector.name === name);
      if (!progress) throw new Error(`No projector named ${name}`);
      return progress;
    });
  }

  /** Per projector: checkpoint, lag and state, from what was last seen of the log. */
  describe(now: number, haltError: string | undefined): ProjectionStatus {
    const projectors = this.all.map((p): ProjectorStatus => {
      const behind = p.checkpoint < this.#head;
      return {
        name: p.projector.name,
        state: p.state,
        checkpoint: p.checkpoint,
        lagEvents: behind ? p.lagEvents : 0,
        lagSeconds: behind && p.pendingSince !== undefined ? Math.max(0, (now - p.pendingSince) / 1000) : 0,
        lastError: p.failure?.message ?? (p.state === 'stopped' ? (haltError ?? null) : null),
        failedPosition: p.failure?.position ?? null,
        failedEventType: p.failure?.eventType ?? null,
      };
    });
    return {
      head: this.#head,
      caughtUp: projectors.every((p) => p.state === 'running' && p.lagEvents === 0),
      projectors,
    };
  }

  /**
   * Reads the head, and for each projector behind it the age of its oldest pending event and how many
   * events it has yet to apply, from the store.
   */
  async refresh(store: EventStore): Promise<void> {
    this.sawHead(await store.headPosition());
    // Projectors running together share a checkpoint: the store is asked once per checkpoint.
    const behind = [...new Set(this.all.map((p) => p.checkpoint))].filter((c) => c < this.#head);
    await Promise.all(
      behind.map(async (checkpoint) => {
        const [[oldestPending], lagEvents] = await Promise.all([
          store.readAll({ fromPosition: checkpoint + 1, maxCount: 1 }),
          store.countAfter(checkpoint, this.#lagCountLimit),
        ]);
        for (const progress of this.all) {
          if (progress.checkpoint !== checkpoint) continue;
          progress.pendingSince = oldestPending?.timestamp;
          progress.lagEvents = lagEvents;
        }
      }),
    );
  }

  /** A read of the log arrived; `cursor` is the last position the runner has committed through. */
  noteArrival(batch: readonly RecordedEvent[], cursor: number): void {
    this.sawHead(batch.at(-1)!.position);
    for (const p of this.all) {
      if (p.state !== 'running') continue;
      if (p.pendingSince === undefined && p.checkpoint >= cursor) {
        p.pendingSince = firstPendingTimestamp(batch, 0, p.checkpoint);
      }
      p.lagEvents = Math.max(p.lagEvents, eventsAfter(batch, 0, batch.length, p.checkpoint));
    }
  }

  /** `batch[offset..end)` committed for `running`. */
  noteCommitted(
    batch: readonly RecordedEvent[],
    offset: number,
    end: number,
    running: readonly ProjectorProgress[],
  ): void {
    const lastPosition = batch[end - 1]!.position;
    this.sawHead(lastPosition);
    for (const p of running) {
      // A count that reached the limit says "at least": it stays until the next count, never lower.
      if (p.lagEvents < this.#lagCountLimit) {
        p.lagEvents = Math.max(0, p.lagEvents - eventsAfter(batch, offset, end, p.checkpoint));
      }
      p.checkpoint = Math.max(p.checkpoint, lastPosition);
      p.pendingSince = firstPendingTimestamp(batch, end, p.checkpoint);
    }
  }

  /** Records the state of `progress` (in one transaction) and clears their failures. */
  setStates(
    db: ReadModelsDb,
    progress: readonly ProjectorProgress[],
    state: ProjectorState,
    now: number,
  ): void {
    db.transaction(() => {
      for (const p of progress) saveState(db, p.projector.name, state, now);
    });
    for (const p of progress) {
      p.state = state;
      p.failure = undefined;
    }
  }

  /** Moves the checkpoints of `running` to `lastPosition`, inside the transaction that applied it. */
  saveCheckpoints(
    db: ReadModelsDb,
    running: readonly ProjectorProgress[],
    lastPosition: number,
    now: number,
  ): void {
    for (const p of running) {
      if (p.checkpoint < lastPosition) saveCheckpoint(db, p.projector.name, lastPosition, now);
    }
  }

  /**
   * Swaps the rebuilt tables of `targets` in from the fresh copy, in one transaction with their
   * checkpoints and states: they continue from `position` in `state`.
   */
  swapInRebuilt(
    db: ReadModelsDb,
    freshPath: string,
    targets: readonly ProjectorProgress[],
    position: number,
    state: ProjectorState,
    now: number,
  ): void {
    const tables = [...new Set(targets.flatMap((p) => p.projector.tables))];
    swapInFreshTables(db, freshPath, tables, () => {
      for (const p of targets) {
        saveCheckpoint(db, p.projector.name, position, now);
        saveState(db, p.projector.name, state, now);
      }
    });
    for (const p of targets) {
      p.checkpoint = position;
      p.state = state;
      p.failure = undefined;
      p.pendingSince = undefined;
    }
    this.sawHead(position);
  }

  /** A projector stopped on an event it could not apply: recorded, its lag dated from `batch[offset]` on. */
  recordFailure(
    db: ReadModelsDb,
    error: ProjectorFailed,
    now: number,
    batch: readonly RecordedEvent[],
    offset: number,
  ): void {
    const progress = this.all.find((p) => p.projector.name === error.projectorName)!;
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    const failure = { message: cause, position: error.event.position, eventType: error.event.type };
    saveState(db, progress.projector.name, 'failed', now, failure);
    progress.state = 'failed';
    progress.failure = failure;
    progress.pendingSince = firstPendingTimestamp(batch, offset, progress.checkpoint);
  }
}

/** How many of `batch[from..to)` lie after `checkpoint` (the batch is in position order). */
function eventsAfter(batch: readonly RecordedEvent[], from: number, to: number, checkpoint: number): number {
  let first = from;
  while (first < to && batch[first]!.position <= checkpoint) first += 1;
  return to - first;
}
