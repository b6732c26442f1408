interface Waiter {
  position: number;
  settle(reached: boolean): void;
}

/** Callers waiting for the read models to reach a position, each with its own deadline. */
export class PositionWaiters {
  readonly #waiters = new Set<Waiter>();

  /** Resolves true once `reached(position)` holds at a `notify`, false at the deadline or `settleAll`. */
  wait(position: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.settle(false), Math.max(0, timeoutMs));
      const waiter: Waiter = {
        position,
        settle: (reached) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(reached);
        },
      };
      this.#waiters.add(waiter);
    });
  }

  /** Releases every waiter whose position is now reached. */
  notify(reached: (position: number) => boolean): void {
    for (const waiter of [...this.#waiters]) if (reached(waiter.position)) waiter.settle(true);
  }

  settleAll(reached: boolean): void {
    for (const waiter of [...this.#waiters]) waiter.settle(reached);
  }
}
