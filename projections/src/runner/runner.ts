import type { AllSubscription, EventStore, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { ProjectorState } from '../db/read-models';
import {
  applyChunk,
  type ChunkLimits,
  firstPendingTimestamp,
  ProjectorFailed,
  yieldToEventLoop,
} from './apply-chunk';
import { restoreIndexes, restoreNextIndex, setIndexesAside } from './catch-up-indexes';
import { failureOf, loadCheckpoints, saveCheckpoint, saveState } from './checkpoints';
import { PositionWaiters } from './position-waiters';
import {
  describeProgress,
  LAG_COUNT_LIMIT,
  type ProjectionStatus,
  type ProjectorProgress,
} from './projection-status';
import { assertProjectorsFit, type Projector } from './projector';
import { type FreshCopy, openFreshCopy, replayUntilHead, swapInFreshTables } from './rebuild';

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

export interface RebuildResult {
  rebuilt: string[];
  /** The checkpoint the rebuilt projectors continue from. */
  position: number;
}

interface Session {
  subscription: AllSubscription | undefined;
  stopped: boolean;
  done: Promise<void>;
  refreshTimer: NodeJS.Timeout;
}

/** Events per read of the log: a catch-up transaction can span one read, never more. */
const SUBSCRIPTION_BATCH_SIZE = 20_000;

/**
 * This far behind the log (a fresh read-model file, a rebuild after an upgrade, a long outage) the shop
 * answers not ready anyway, so the runner applies larger transactions, up to 200 ms each: a commit
 * writes every page the transaction dirtied, about as many for 200 events as for 2,000, and at 5 ms
 * slices commits were a quarter of a 1,000,000-event catch-up. Within the threshold it is back to
 * short slices that keep HTTP answers quick.
 */
const CATCH_UP_BEHIND_BY = 10_000;
const CATCH_UP_LIMITS: ChunkLimits = { maxEvents: SUBSCRIPTION_BATCH_SIZE, maxMs: 200 };

/**
 * Keeps the read models up to date from the log: one catch-up subscription from the lowest checkpoint;
 * each chunk of events is applied to every running projector together with their new checkpoints in ONE
 * read-model transaction, so a crash never applies an event twice or loses one. Chunks are short and the
 * event loop gets a turn between them. A projector that throws stops alone, its error recorded.
 */
export class ProjectionRunner {
  readonly #store: EventStore;
  readonly #db: ReadModelsDb;
  readonly #limits: ChunkLimits;
  readonly #now: () => number;
  readonly #statusRefreshMs: number;
  readonly #catchUpBehindBy: number;
  readonly #lagCountLimit: number;
  readonly #onProjectorFailed: ((failure: ProjectorFailed) => void) | undefined;
  readonly #progress: ProjectorProgress[];
  readonly #waiters = new PositionWaiters();
  #session: Session | undefined;
  /** Last position the session has committed through: its next chunk starts after it. */
  #cursor = 0;
  #head = 0;
  #haltError: string | undefined;
  /** Whether this runner has set indexes aside for a catch-up it has not finished. */
  #indexesAside = false;
  /** While they are being rebuilt, no position counts as reached: a caught-up read model has its indexes. */
  #restoringIndexes = false;
  #rebuilds: Promise<unknown> = Promise.resolve();

  constructor(options: ProjectionRunnerOptions) {
    assertProjectorsFit(options.projectors, options.readModels);
    const names = options.projectors.map((projector) => projector.name);
    this.#store = options.store;
    this.#db = options.readModels;
    this.#limits = { maxEvents: options.batchSize ?? 200, maxMs: options.maxTransactionMs ?? 5 };
    this.#now = options.now ?? Date.now;
    this.#statusRefreshMs = options.statusRefreshMs ?? 1_000;
    this.#catchUpBehindBy = options.catchUpBehindBy ?? CATCH_UP_BEHIND_BY;
    this.#lagCountLimit = options.lagCountLimit ?? LAG_COUNT_LIMIT;
    this.#onProjectorFailed = options.onProjectorFailed;
    const rows = loadCheckpoints(this.#db, names, this.#now());
    this.#progress = options.projectors.map((projector) => {
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

  /**
   * Subscribes from the lowest checkpoint and returns; projecting goes on in the background.
   * Failed projectors are retried: a restart is how a fixed projector gets deployed.
   */
  async start(): Promise<void> {
    if (this.#session) return;
    this.#setStates(this.#progress, 'running');
    this.#haltError = undefined;
    this.#cursor = this.#progress.length > 0 ? Math.min(...this.#progress.map((p) => p.checkpoint)) : 0;
    const subscription =
      this.#progress.length > 0
        ? this.#store.subscribeToAll({ fromPosition: this.#cursor, maxBatchSize: SUBSCRIPTION_BATCH_SIZE })
        : undefined;
    const refreshTimer = setInterval(
      () => void this.refreshStatus().catch(() => undefined),
      this.#statusRefreshMs,
    );
    refreshTimer.unref();
    const session: Session = { subscription, stopped: false, done: Promise.resolve(), refreshTimer };
    session.done = this.#consume(session);
    this.#session = session;
    await this.refreshStatus();
  }

  /** Stops after the transaction in progress; pending waits resolve false. Rebuilds any index set aside. */
  async stop(): Promise<void> {
    const session = this.#session;
    if (!session) return;
    session.stopped = true;
    this.#session = undefined;
    clearInterval(session.refreshTimer);
    await session.subscription?.unsubscribe();
    await session.done;
    this.#setStates(
      this.#progress.filter((p) => p.state === 'running'),
      'stopped',
    );
    this.#waiters.settleAll(false);
    // Last: should it fail, openReadModels rebuilds them on the next start.
    this.#restoreIndexes();
  }

  /** Per projector: checkpoint, lag and state, from what the runner last saw of the log. */
  status(): ProjectionStatus {
    return describeProgress(this.#progress, this.#head, this.#now(), this.#haltError);
  }

  /**
   * Reads the head, and for each projector behind it the age of its oldest pending event and how many
   * events it has yet to apply, from the store, then reports.
   */
  async refreshStatus(): Promise<ProjectionStatus> {
    this.#head = Math.max(this.#head, await this.#store.headPosition());
    // Projectors running together share a checkpoint: the store is asked once per checkpoint.
    const behind = [...new Set(this.#progress.map((p) => p.checkpoint))].filter((c) => c < this.#head);
    await Promise.all(
      behind.map(async (checkpoint) => {
        const [[oldestPending], lagEvents] = await Promise.all([
          this.#store.readAll({ fromPosition: checkpoint + 1, maxCount: 1 }),
          this.#store.countAfter(checkpoint, this.#lagCountLimit),
        ]);
        for (const progress of this.#progress) {
          if (progress.checkpoint !== checkpoint) continue;
          progress.pendingSince = oldestPending?.timestamp;
          progress.lagEvents = lagEvents;
        }
      }),
    );
    return this.status();
  }

  /**
   * Resolves true as soon as every running projector has applied `position`, false at the timeout
   * (or when the runner stops); never rejects. Commands call it so a reader sees their write at once.
   */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.#hasReached(position)) return Promise.resolve(true);
    return this.#waiters.wait(position, timeoutMs);
  }

  /**
   * Replays the log into fresh tables while the live ones keep serving, then swaps them in, with the
   * checkpoint, in one transaction; the live runner continues after it. Clears a projector's failure.
   * Defaults to every projector. Rebuilds run one at a time.
   */
  rebuild(names?: readonly string[]): Promise<RebuildResult> {
    const rebuilt = this.#rebuilds.then(() => this.#rebuildNow(names));
    this.#rebuilds = rebuilt.catch(() => undefined);
    return rebuilt;
  }

  async #consume(session: Session): Promise<void> {
    if (!session.subscription) return;
    try {
      for await (const batch of session.subscription) {
        if (session.stopped) break;
        this.#noteArrival(batch);
        let offset = 0;
        while (offset < batch.length && !session.stopped) {
          offset = this.#applyNextChunk(batch, offset);
          if (this.#restoringIndexes) await this.#restoreIndexesGradually();
          await yieldToEventLoop();
        }
      }
      if (!session.stopped) this.#halt(new Error('the subscription to the log ended'));
    } catch (error) {
      if (!session.stopped) this.#halt(error);
    }
  }

  /** Applies one chunk to the running projectors; a projector that throws is stopped and the chunk retried without it. */
  #applyNextChunk(batch: readonly RecordedEvent[], offset: number): number {
    for (;;) {
      const running = this.#progress.filter((p) => p.state === 'running');
      const catchingUp = this.#isFarBehind(batch, offset);
      if (catchingUp && !this.#indexesAside) {
        setIndexesAside(
          this.#db,
          running.map((p) => p.projector),
        );
        this.#indexesAside = true;
      }
      const limits = catchingUp ? CATCH_UP_LIMITS : this.#limits;
      try {
        const end = applyChunk(this.#db, batch, offset, running, limits, (lastPosition) => {
          const now = this.#now();
          for (const p of running) {
            if (p.checkpoint < lastPosition) saveCheckpoint(this.#db, p.projector.name, lastPosition, now);
          }
        });
        // Caught up: the waiters are told once the indexes set aside are back (see #consume).
        if (this.#indexesAside && !this.#isFarBehind(batch, end)) this.#restoringIndexes = true;
        this.#noteCommitted(batch, offset, end, running);
        return end;
      } catch (error) {
        if (!(error instanceof ProjectorFailed)) throw error;
        this.#recordFailure(error, batch, offset);
      }
    }
  }

  /**
   * Whether the events from `batch[from]` on are a long stretch of the log: a catch-up. Counted in
   * events, never as a distance between positions, which need not be dense (PostgreSQL's jump by
   * 65,536 from one transaction to the next, EventStoreDB's are offsets in its files): the events in
   * hand, and after a full read, those known to follow it.
   */
  #isFarBehind(batch: readonly RecordedEvent[], from: number): boolean {
    if (batch.length - from >= this.#catchUpBehindBy) return true;
    return batch.length >= SUBSCRIPTION_BATCH_SIZE && batch.at(-1)!.position < this.#head;
  }

  #restoreIndexes(): void {
    if (!this.#indexesAside) return;
    restoreIndexes(this.#db);
    this.#indexesAside = false;
  }

  /**
   * Rebuilds the indexes a catch-up set aside one by one, letting HTTP requests in between (an index
   * over a large table takes a while), then tells the waiters what they have been waiting for.
   */
  async #restoreIndexesGradually(): Promise<void> {
    try {
      while (restoreNextIndex(this.#db)) await yieldToEventLoop();
      this.#indexesAside = false;
    } finally {
      this.#restoringIndexes = false;
      this.#waiters.notify((position) => this.#hasReached(position));
    }
  }

  #noteArrival(batch: readonly RecordedEvent[]): void {
    this.#head = Math.max(this.#head, batch.at(-1)!.position);
    for (const p of this.#progress) {
      if (p.state !== 'running') continue;
      if (p.pendingSince === undefined && p.checkpoint >= this.#cursor) {
        p.pendingSince = firstPendingTimestamp(batch, 0, p.checkpoint);
      }
      p.lagEvents = Math.max(p.lagEvents, eventsAfter(batch, 0, batch.length, p.checkpoint));
    }
  }

  /** `batch[offset..end)` committed for `running`. */
  #noteCommitted(
    batch: readonly RecordedEvent[],
    offset: number,
    end: number,
    running: readonly ProjectorProgress[],
  ): void {
    const lastPosition = batch[end - 1]!.position;
    this.#cursor = lastPosition;
    this.#head = Math.max(this.#head, lastPosition);
    for (const p of running) {
      // A count that reached the limit says "at least": it stays until the next count, never lower.
      if (p.lagEvents < this.#lagCountLimit) {
        p.lagEvents = Math.max(0, p.lagEvents - eventsAfter(batch, offset, end, p.checkpoint));
      }
      p.checkpoint = Math.max(p.checkpoint, lastPosition);
      p.pendingSince = firstPendingTimestamp(batch, end, p.checkpoint);
    }
    this.#waiters.notify((position) => this.#hasReached(position));
  }

  #recordFailure(error: ProjectorFailed, batch: readonly RecordedEvent[], offset: number): void {
    const progress = this.#progress.find((p) => p.projector.name === error.projectorName)!;
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    const failure = { message: cause, position: error.event.position, eventType: error.event.type };
    saveState(this.#db, progress.projector.name, 'failed', this.#now(), failure);
    progress.state = 'failed';
    progress.failure = failure;
    progress.pendingSince = firstPendingTimestamp(batch, offset, progress.checkpoint);
    this.#onProjectorFailed?.(error);
    this.#waiters.notify((position) => this.#hasReached(position));
  }

  /** The subscription or the read-model database failed: nothing can be applied until a restart. */
  #halt(error: unknown): void {
    this.#haltError = `Projection runner halted: ${error instanceof Error ? error.message : String(error)}`;
    for (const p of this.#progress) if (p.state === 'running') p.state = 'stopped';
    this.#waiters.settleAll(false);
  }

  #hasReached(position: number): boolean {
    if (!this.#session || this.#haltError !== undefined || this.#restoringIndexes) return false;
    return this.#progress.every((p) => p.state !== 'running' || p.checkpoint >= position);
  }

  #setStates(progress: readonly ProjectorProgress[], state: ProjectorState): void {
    const now = this.#now();
    this.#db.transaction(() => {
      for (const p of progress) saveState(this.#db, p.projector.name, state, now);
    });
    for (const p of progress) {
      p.state = state;
      p.failure = undefined;
    }
  }

  async #rebuildNow(names: readonly string[] | undefined): Promise<RebuildResult> {
    const targets = this.#select(names);
    if (targets.length === 0) return { rebuilt: [], position: 0 };
    const fresh = openFreshCopy(
      this.#db,
      targets.map((p) => p.projector),
    );
    try {
      const cursors = targets.map((p) => ({ projector: p.projector, checkpoint: 0 }));
      let position = 0;
      for (;;) {
        position = await replayUntilHead(this.#store, fresh.db, cursors, position, this.#limits);
        if (this.#trySwapIn(fresh, targets, position)) {
          return { rebuilt: targets.map((p) => p.projector.name), position };
        }
      }
    } finally {
      fresh.dispose();
    }
  }

  /**
   * Swaps only if the fresh copy has reached everything the live runner has committed, so the rebuilt
   * projectors can continue from its position with no event missed. Synchronous: no chunk can interleave.
   */
  #trySwapIn(fresh: FreshCopy, targets: readonly ProjectorProgress[], position: number): boolean {
    const liveReached = Math.max(this.#session ? this.#cursor : 0, ...targets.map((p) => p.checkpoint));
    if (position < liveReached) return false;
    const state: ProjectorState = this.#session && this.#haltError === undefined ? 'running' : 'stopped';
    const tables = [...new Set(targets.flatMap((p) => p.projector.tables))];
    const now = this.#now();
    swapInFreshTables(this.#db, fresh.path, tables, () => {
      for (const p of targets) {
        saveCheckpoint(this.#db, p.projector.name, position, now);
        saveState(this.#db, p.projector.name, state, now);
      }
    });
    for (const p of targets) {
      p.checkpoint = position;
      p.state = state;
      p.failure = undefined;
      p.pendingSince = undefined;
    }
    this.#head = Math.max(this.#head, position);
    this.#waiters.notify((reached) => this.#hasReached(reached));
    return true;
  }

  #select(names: readonly string[] | undefined): ProjectorProgress[] {
    if (!names) return [...this.#progress];
    return names.map((name) => {
      const progress = this.#progress.find((p) => p.projector.name === name);
      if (!progress) throw new Error(`No projector named ${name}`);
      return progress;
    });
  }
}

/** How many of `batch[from..to)` lie after `checkpoint` (the batch is in position order). */
function eventsAfter(batch: readonly RecordedEvent[], from: number, to: number, checkpoint: number): number {
  let first = from;
  while (first < to && batch[first]!.position <= checkpoint) first += 1;
  return to - first;
}
