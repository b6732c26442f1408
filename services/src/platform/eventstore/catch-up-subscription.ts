import type { AllSubscription, RecordedEvent } from '@shop/contracts';

export interface CatchUpSource {
  /** Up to `limit` events after `position` (exclusive), in position order. */
  readAfter(position: number, limit: number): RecordedEvent[] | Promise<RecordedEvent[]>;
}

export interface CatchUpOptions {
  fromPosition: number;
  maxBatchSize: number;
  /** How long to sleep when caught up, unless woken earlier by `wake()`. */
  pollIntervalMs: number;
  /** Called once when the subscription ends, whoever ended it. */
  onEnd?: () => void;
}

/**
 * A catch-up subscription over a log that is read by position: it reads until it is caught up, then
 * sleeps until woken (an append through the same store) or until the poll interval passes (an append
 * by another connection). Reading from the log itself, never from the appended events, is what makes
 * it gap-free and duplicate-free whoever wrote them.
 */
export class CatchUpSubscription implements AllSubscription {
  #lastPosition: number;
  #ended = false;
  #wakeSleeper: (() => void) | undefined;
  /** A wake that came while reading: the read may have missed what it announced, so read again. */
  #wokenWhileReading = false;
  #previousPull: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly source: CatchUpSource,
    private readonly options: CatchUpOptions,
  ) {
    this.#lastPosition = options.fromPosition;
  }

  /** There may be new events: stop sleeping now. */
  wake(): void {
    if (this.#wakeSleeper) this.#wakeSleeper();
    else this.#wokenWhileReading = true;
  }

  async unsubscribe(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    this.#wakeSleeper?.();
    this.options.onEnd?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent[]> {
    return {
      next: () => {
        // Serialised so two callers of next() never receive the same batch.
        const pulled = this.#previousPull.then(() => this.#pull());
        this.#previousPull = pulled.catch(() => undefined);
        return pulled;
      },
      return: async () => {
        await this.unsubscribe();
        return { done: true, value: undefined };
      },
    };
  }

  async #pull(): Promise<IteratorResult<RecordedEvent[]>> {
    // A long catch-up must not hold the event loop: let timers and I/O run between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!this.#ended) {
      const batch = await this.#read();
      if (this.#ended) break;
      const last = batch.at(-1);
      if (last) {
        this.#lastPosition = last.position;
        return { done: false, value: batch };
      }
      await this.#sleep();
    }
    return { done: true, value: undefined };
  }

  async #read(): Promise<RecordedEvent[]> {
    this.#wokenWhileReading = false;
    try {
      return await this.source.readAfter(this.#lastPosition, this.options.maxBatchSize);
    } catch (error) {
      // Whoever unsubscribed waits for the end, not for the error of a read that was in flight.
      if (this.#ended) return [];
      throw error;
    }
  }

  #sleep(): Promise<void> {
    if (this.#wokenWhileReading) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => wakeUp(), this.options.pollIntervalMs);
      const wakeUp = () => {
        clearTimeout(timer);
        this.#wakeSleeper = undefined;
        resolve();
      };
      this.#wakeSleeper = wakeUp;
    });
  }
}
