import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  excludeSystemEvents,
  START,
} from '@eventstore/db-client';
import type { AllSubscription, RecordedEvent } from '@shop/contracts';
import {
  backoffDelay,
  fromEsdbRecordedEvent,
  isSystemEvent,
  isTransientEsdbError,
  toEsdbPosition,
} from './esdb-mapping';

export interface EsdbSubscriptionOptions {
  /** Exclusive; 0 delivers the whole log. */
  fromPosition: number;
  maxBatchSize: number;
  /** Consecutive failed re-subscriptions tolerated before the iteration fails. */
  maxRetries: number;
  onEnd?: () => void;
}

/**
 * Our batched catch-up subscription on top of the client's: one subscription to $all, filtered on the
 * server to leave out system events, whose events are buffered and handed out in batches. On a leader
 * change or a brief outage it subscribes again after the last event it buffered, so nothing is missed
 * or delivered twice. The buffer is bounded: the client's stream is paused while the consumer is behind.
 */
export class EsdbAllSubscription implements AllSubscription {
  #buffer: RecordedEvent[] = [];
  #lastPosition: number;
  #source: AllStreamSubscription | undefined;
  #failures = 0;
  #error: unknown;
  #ended = false;
  #wakeReader: (() => void) | undefined;
  #previousPull: Promise<unknown> = Promise.resolve();
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EsdbSubscriptionOptions,
  ) {
    this.#lastPosition = options.fromPosition;
    this.#open();
  }

  async unsubscribe(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    clearTimeout(this.#retryTimer);
    this.#wake();
    const source = this.#source;
    this.#source = undefined;
    this.options.onEnd?.();
    await source?.unsubscribe().catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent[]> {
    return {
      next: () => {
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

  #open(): void {
    const source = this.client.subscribeToAll({
      fromPosition: this.#lastPosition === 0 ? START : toEsdbPosition(this.#lastPosition),
      filter: excludeSystemEvents(),
      resolveLinkTos: false,
    });
    this.#source = source;
    source.on('data', (resolved: AllStreamResolvedEvent) => this.#receive(source, resolved));
    source.on('error', (error: Error) => this.#fail(source, error));
    source.on('end', () => this.#fail(source, new Error('the EventStoreDB subscription ended')));
  }

  #receive(source: AllStreamSubscription, resolved: AllStreamResolvedEvent): void {
    const event = resolved.event;
    if (!event || isSystemEvent(event.type)) return;
    const recorded = fromEsdbRecordedEvent(event, resolved.commitPosition);
    if (recorded.position <= this.#lastPosition) return;
    this.#lastPosition = recorded.position;
    this.#failures = 0;
    this.#buffer.push(recorded);
    if (this.#buffer.length >= this.options.maxBatchSize * 4) source.pause();
    this.#wake();
  }

  #fail(source: AllStreamSubscription, error: unknown): void {
    if (this.#ended || source !== this.#source) return;
    this.#source = undefined;
    void source.unsubscribe().catch(() => undefined);
    if (isTransientEsdbError(error) && this.#failures < this.options.maxRetries) {
      this.#failures += 1;
      this.#retryTimer = setTimeout(() => {
        if (!this.#ended) this.#open();
      }, backoffDelay(this.#failures));
      return;
    }
    this.#error = error;
    this.#wake();
  }

  #wake(): void {
    const wake = this.#wakeReader;
    this.#wakeReader = undefined;
    wake?.();
  }

  async #pull(): Promise<IteratorResult<RecordedEvent[]>> {
    while (!this.#ended) {
      if (this.#buffer.length > 0) {
        const batch = this.#buffer.splice(0, this.options.maxBatchSize);
        if (this.#buffer.length < this.options.maxBatchSize) this.#source?.resume();
        return { done: false, value: batch };
      }
      if (this.#error !== undefined) throw this.#error;
      await new Promise<void>((resolve) => {
        this.#wakeReader = resolve;
      });
    }
    return { done: true, value: undefined };
  }
}
