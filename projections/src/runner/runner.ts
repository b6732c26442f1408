import type { AllSubscription, EventStore, RecordedEvent } from '@shop/contracts';
import type { ReadModelsDb } from '../db/database';
import type { ProjectorState } from '../db/read-models';
import { applyChunk, type ChunkLimits, ProjectorFailed, yieldToEventLoop } from './apply-chunk';
import { IndexesAside } from './catch-up-indexes';
import {
  CATCH_UP_BEHIND_BY,
  CATCH_UP_LIMITS,
  type ProjectionRunnerOptions,
  SUBSCRIPTION_BATCH_SIZE,
} from './options';
import { PositionWaiters } from './position-waiters';
import { LAG_COUNT_LIMIT, ProjectionProgress, type ProjectorProgress } from './progress';
import type { ProjectionStatus } from './projection-status';
import { assertProjectorsFit } from './projector';
import { rebuildInFreshCopy } from './rebuild';

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
  readonly #onProjectorFailed: ((failure: ProjectorFailed) => void) | undefined;
  readonly #progress: ProjectionProgress;
  readonly #waiters = new PositionWaiters();
  readonly #indexesAside: IndexesAside;
  #session: Session | undefined;
  /** Last position the session has committed through: its next chunk starts after it. */
  #cursor = 0;
  #haltError: string | undefined;
  #rebuilds: Promise<unknown> = Promise.resolve();

  constructor(options: ProjectionRunnerOptions) {
    assertProjectorsFit(options.projectors, options.readModels);
    this.#store = options.store;
    this.#db = options.readModels;
    this.#limits = { maxEvents: options.batchSize ?? 200, maxMs: options.maxTransactionMs ?? 5 };
    this.#now = options.now ?? Date.now;
    this.#statusRefreshMs = options.statusRefreshMs ?? 1_000;
    this.#catchUpBehindBy = options.catchUpBehindBy ?? CATCH_UP_BEHIND_BY;
    this.#onProjectorFailed = options.onProjectorFailed;
    this.#indexesAside = new IndexesAside(this.#db);
    this.#progress = new ProjectionProgress(
      this.#db,
      options.projectors,
      this.#now(),
      options.lagCountLimit ?? LAG_COUNT_LIMIT,
    );
  }

  /**
   * Subscribes from the lowest checkpoint and returns; projecting goes on in the background.
   * Failed projectors are retried: a restart is how a fixed projector gets deployed.
   */
  async start(): Promise<void> {
    if (this.#session) return;
    const all = this.#progress.all;
    this.#progress.setStates(this.#db, all, 'running', this.#now());
    this.#haltError = undefined;
    this.#cursor = all.length > 0 ? Math.min(...all.map((p) => p.checkpoint)) : 0;
    const subscription =
      all.length > 0
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
    this.#progress.setStates(this.#db, this.#progress.running(), 'stopped', this.#now());
    this.#waiters.settleAll(false);
    // Last: should it fail, openReadModels rebuilds them on the next start.
    this.#indexesAside.restoreAll();
  }

  /** Per projector: checkpoint, lag and state, from what the runner last saw of the log. */
  status(): ProjectionStatus {
    return this.#progress.describe(this.#now(), this.#haltError);
  }

  /** Re-reads the head and every lag from the store (see ProjectionProgress.refresh), then reports. */
  async refreshStatus(): Promise<ProjectionStatus> {
    await this.#progress.refresh(this.#store);
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
        this.#progress.noteArrival(batch, this.#cursor);
        let offset = 0;
        while (offset < batch.length && !session.stopped) {
          offset = this.#applyNextChunk(batch, offset);
          if (this.#indexesAside.restoring) await this.#restoreIndexesGradually();
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
      const running = this.#progress.running();
      const catchingUp = this.#isFarBehind(batch, offset);
      if (catchingUp) this.#indexesAside.setAside(running.map((p) => p.projector));
      const limits = catchingUp ? CATCH_UP_LIMITS : this.#limits;
      try {
        const end = applyChunk(this.#db, batch, offset, running, limits, (lastPosition) =>
          this.#progress.saveCheckpoints(this.#db, running, lastPosition, this.#now()),
        );
        // Caught up: the waiters are told once the indexes set aside are back (see #consume).
        if (!this.#isFarBehind(batch, end)) this.#indexesAside.caughtUp();
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
    return batch.length >= SUBSCRIPTION_BATCH_SIZE && batch.at(-1)!.position < this.#progress.head;
  }

  /** Rebuilds the indexes set aside, then tells the waiters what they have been waiting for. */
  async #restoreIndexesGradually(): Promise<void> {
    try {
      await this.#indexesAside.restoreGradually();
    } finally {
      this.#waiters.notify((position) => this.#hasReached(position));
    }
  }

  /** `batch[offset..end)` committed for `running`. */
  #noteCommitted(
    batch: readonly RecordedEvent[],
    offset: number,
    end: number,
    running: readonly ProjectorProgress[],
  ): void {
    this.#cursor = batch[end - 1]!.position;
    this.#progress.noteCommitted(batch, offset, end, running);
    this.#waiters.notify((position) => this.#hasReached(position));
  }

  #recordFailure(error: ProjectorFailed, batch: readonly RecordedEvent[], offset: number): void {
    this.#progress.recordFailure(this.#db, error, this.#now(), batch, offset);
    this.#onProjectorFailed?.(error);
    this.#waiters.notify((position) => this.#hasReached(position));
  }

  /** The subscription or the read-model database failed: nothing can be applied until a restart. */
  #halt(error: unknown): void {
    this.#haltError = `Projection runner halted: ${error instanceof Error ? error.message : String(error)}`;
    for (const p of this.#progress.running()) p.state = 'stopped';
    this.#waiters.settleAll(false);
  }

  #hasReached(position: number): boolean {
    if (!this.#session || this.#haltError !== undefined || this.#indexesAside.restoring) return false;
    return this.#progress.all.every((p) => p.state !== 'running' || p.checkpoint >= position);
  }

  async #rebuildNow(names: readonly string[] | undefined): Promise<RebuildResult> {
    const targets = this.#progress.select(names);
    if (targets.length === 0) return { rebuilt: [], position: 0 };
    const position = await rebuildInFreshCopy(
      this.#store,
      this.#db,
      targets.map((p) => p.projector),
      this.#limits,
      (freshPath, reached) => this.#trySwapIn(freshPath, targets, reached),
    );
    return { rebuilt: targets.map((p) => p.projector.name), position };
  }

  /**
   * Swaps only if the fresh copy has reached everything the live runner has committed, so the rebuilt
   * projectors can continue from its position with no event missed. Synchronous: no chunk can interleave.
   */
  #trySwapIn(freshPath: string, targets: readonly ProjectorProgress[], position: number): boolean {
    const liveReached = Math.max(this.#session ? this.#cursor : 0, ...targets.map((p) => p.checkpoint));
    if (position < liveReached) return false;
    const state: ProjectorState = this.#session && this.#haltError === undefined ? 'running' : 'stopped';
    this.#progress.swapInRebuilt(this.#db, freshPath, targets, position, state, this.#now());
    this.#waiters.notify((reached) => this.#hasReached(reached));
    return true;
  }
}
