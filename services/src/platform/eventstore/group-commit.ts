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
