/** What became of one request of a batch. */
export type Outcome<Result> = { ok: true; result: Result } | { ok: false; error: unknown };

interface Pending<Request, Result> {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the requests that arrive within one turn of the event loop and hands them to `writeBatch`
 * together, so N concurrent writers share one transaction and one fsync. `writeBatch` returns one
 * outcome per request, in order, or throws when the whole batch failed (then every request fails).
 * A lone sequential writer waits one setImmediate, a few microseconds, for nothing.
 */
export class GroupCommitQueue<Request, Result> {
  #pending: Pending<Request, Result>[] = [];
  #scheduled = false;

  constructor(private readonly writeBatch: (requests: Request[]) => Outcome<Result>[]) {}

  submit(request: Request): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ request, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Writes whatever is queued now; called by the scheduled tick, and by close() so nothing is dropped. */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    let outcomes: Outcome<Result>[];
    try {
      outcomes = this.writeBatch(batch.map((pending) => pending.request));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) pending.resolve(outcome.result);
      else pending.reject(outcome ? outcome.error : new Error('group commit lost a request'));
    });
  }
}

/**
 * The same for a store reached over the network: what arrives while a batch is in flight waits and
 * goes as the next batch, one at a time, so N concurrent writers share one round trip and one commit
 * instead of taking N connections. `writeBatch` answers one outcome per request, in order, or rejects
 * when the whole batch failed (then every request fails with that error).
 */
export class AsyncGroupCommitQueue<Request, Result> {
  #pending: Pending<Request, Result>[] = [];
  #scheduled = false;
  #inFlight: Promise<void> | undefined;

  constructor(private readonly writeBatch: (requests: Request[]) => Promise<Outcome<Result>[]>) {}

  submit(request: Request): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ request, resolve, reject });
      this.#schedule();
    });
  }

  /** Settles once everything submitted so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.#inFlight || this.#pending.length > 0) {
      if (!this.#inFlight) this.#send();
      await this.#inFlight;
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#inFlight) this.#send();
    });
  }

  #send(): void {
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    this.#inFlight = this.writeBatch(batch.map((pending) => pending.request)).then(
      (outcomes) => {
        batch.forEach((pending, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) pending.resolve(outcome.result);
          else pending.reject(outcome ? outcome.error : new Error('group commit lost a request'));
        });
      },
      (error: unknown) => {
        for (const pending of batch) pending.reject(error);
      },
    );
    void this.#inFlight.then(() => {
      this.#inFlight = undefined;
      if (this.#pending.length > 0) this.#send();
    });
  }
}
