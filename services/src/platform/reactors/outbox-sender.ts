import {
  ANY,
  type EventData,
  type EventType,
  type RecordedEvent,
  WrongExpectedVersion,
} from '@shop/contracts';
import { dueMessages } from '@shop/projections';
import { readStreamOrEmpty } from '../commands/aggregate-stream';
import { type Channel, MessageNotNeeded, MessageRefused, type OwedRecord, RetryLater } from './channel';
import { foldMessage, mayStartSending, retryDelayMs } from './message-state';
import type { OutboxDeps, OutboxTiming } from './outbox-deps';

/** Longest reason kept in the log for a failed attempt. */
const MAX_REASON = 500;

/**
 * Sends the messages a channel owes, from any instance: it finds the due ones in the outbox read
 * model, decides on the message's own stream (the authority), takes a lease by appending
 * `MessageSendStarted` at the revision it read (so two instances never send it at once), delivers,
 * then records `MessageSent`, `MessageDeferred` (a failure that may pass, retried with backoff),
 * `MessageFailed` (a refusal for good, or too old to keep trying) or `MessageWithdrawn` (no longer
 * needed: what it asked for was done first).
 */
export class OutboxSender {
  readonly #inFlight = new Set<string>();
  readonly #attempts = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly deps: OutboxDeps,
    private readonly channel: Channel,
    private readonly timing: OutboxTiming,
    /** This process's id on the leases it takes. */
    private readonly life: string,
    /** Lease holders known to be dead: this instance's earlier processes. */
    private readonly deadOwners: readonly string[],
  ) {}

  start(): void {
    this.#timer = setInterval(() => this.wake(), this.timing.pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Lets the attempts in flight finish (their leases would otherwise hold the messages for a while). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await Promise.allSettled([...this.#attempts]);
  }

  /** Wakes the sender once the read models show `position` (a message just owed). */
  wakeAfter(position: number): void {
    void this.deps.projections.waitForPosition(position, 10_000).then(() => this.wake());
  }

  /** Starts an attempt for each due message, up to the concurrency. */
  wake(): void {
    if (this.#stopped) return;
    const free = this.timing.concurrency - this.#inFlight.size;
    if (free <= 0) return;
    const due = dueMessages(this.deps.readModels, {
      channel: this.channel.name,
      now: this.deps.clock().toISOString(),
      deadOwners: this.deadOwners,
      limit: free + this.#inFlight.size,
    });
    for (const row of due.filter((row) => !this.#inFlight.has(row.stream)).slice(0, free)) {
      this.#inFlight.add(row.stream);
      const attempt = this.#attempt(row.stream).then((settled) => {
        this.#inFlight.delete(row.stream);
        this.#attempts.delete(attempt);
        // A backlog drains without waiting for the next poll; a log that cannot be written waits for it.
        if (settled) this.wake();
      });
      this.#attempts.add(attempt);
    }
  }

  /** One attempt at a message; true when it recorded an outcome. */
  async #attempt(stream: string): Promise<boolean> {
    try {
      const state = foldMessage(await readStreamOrEmpty(this.deps.store, stream));
      const now = this.deps.clock();
      if (!state.owed || !mayStartSending(state, now, this.deadOwners)) return false;
      if (now.getTime() - Date.parse(state.owed.at) >= this.timing.retry.giveUpAfterMs) {
        const tries = `${state.attempts} attempt${state.attempts === 1 ? '' : 's'}`;
        const reason = `Given up after ${tries}: ${state.lastError ?? 'never sent'}`;
        await this.#record(stream, 'MessageFailed', { attempt: state.attempts, reason: clip(reason) });
        return true;
      }
      const attempt = state.attempts + 1;
      const until = new Date(now.getTime() + this.timing.leaseMs).toISOString();
      try {
        await this.deps.store.append(
          stream,
          [
            {
              type: 'MessageSendStarted',
              data: { owner: this.life, attempt, until, at: now.toISOString() },
              metadata: { actor: 'system' },
            },
          ],
          { expectedRevision: state.revision },
        );
      } catch (error) {
        if (error instanceof WrongExpectedVersion) return false; // another instance took it first
        throw error;
      }
      await this.#deliver(stream, state.owed, attempt);
      return true;
    } catch (error) {
      // The lease, if taken, runs out and the message is tried again.
      this.deps.logger.error('outbox: could not record a message', { stream, error });
      return false;
    }
  }

  async #deliver(stream: string, owed: OwedRecord, attempt: number): Promise<void> {
    try {
      const delivered = await this.channel.deliver(owed, await this.#cause(owed));
      await this.#record(stream, 'MessageSent', { attempt, messageId: delivered.messageId });
    } catch (error) {
      const reason = clip(error instanceof Error ? error.message : String(error));
      if (error instanceof MessageNotNeeded) {
        this.deps.logger.info('outbox: a message was withdrawn, no longer needed', { stream, reason });
        await this.#record(stream, 'MessageWithdrawn', { attempt, reason });
        return;
      }
      if (error instanceof MessageRefused) {
        this.deps.logger.warn('outbox: a message was refused for good', { stream, reason });
        await this.#record(stream, 'MessageFailed', { attempt, reason });
        return;
      }
      const backoff = retryDelayMs(attempt, this.timing.retry);
      const delay = error instanceof RetryLater ? Math.max(backoff, error.afterMs) : backoff;
      const retryAt = new Date(this.deps.clock().getTime() + delay);
      this.deps.logger.warn('outbox: sending failed; it will be tried again', { stream, attempt, reason });
      await this.#record(stream, 'MessageDeferred', { attempt, reason, retryAt: retryAt.toISOString() });
    }
  }

  /** The event that caused the message, read back from the log by its position. */
  async #cause(owed: OwedRecord): Promise<RecordedEvent> {
    const [cause] = await this.deps.store.readAll({ fromPosition: owed.causePosition, maxCount: 1 });
    if (cause?.id !== owed.causeEventId) {
      throw new MessageRefused(`The event that caused it (${owed.causeEventId}) is not in the log`);
    }
    return cause;
  }

  async #record<T extends 'MessageSent' | 'MessageDeferred' | 'MessageFailed' | 'MessageWithdrawn'>(
    stream: string,
    type: T,
    data: Omit<EventData<T>, 'at'>,
  ): Promise<void> {
    const event = { type: type as EventType, data: { ...data, at: this.deps.clock().toISOString() } };
    // ANY: what happened happened, even if a lease ran out meanwhile and another instance stepped in.
    await this.deps.store.append(stream, [{ ...event, metadata: { actor: 'system' } }], {
      expectedRevision: ANY,
    });
  }
}

function clip(reason: string): string {
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON - 1)}…` : reason;
}
