import type { EventData, RecordedEvent } from '@shop/contracts';
import type { OwedRecord } from './channel';

/** One owed message, folded from its outbox stream: the authority a sender decides on. */
export interface MessageState {
  status: 'absent' | 'waiting' | 'sent' | 'failed' | 'withdrawn';
  owed: OwedRecord | undefined;
  /** Revision of the stream's last event, -1 when it has none. */
  revision: number;
  attempts: number;
  lease: { owner: string; until: string } | undefined;
  retryAt: string | undefined;
  lastError: string | undefined;
}

/** Folds an outbox stream. Once sent or failed a message stays so; a late acceptance still counts as sent. */
export function foldMessage(events: readonly RecordedEvent[]): MessageState {
  const state: MessageState = {
    status: 'absent',
    owed: undefined,
    revision: -1,
    attempts: 0,
    lease: undefined,
    retryAt: undefined,
    lastError: undefined,
  };
  for (const event of events) {
    state.revision = event.revision;
    if (event.type === 'MessageOwed') {
      state.owed = event.data as EventData<'MessageOwed'>;
      state.status = 'waiting';
    } else if (event.type === 'MessageSent') {
      state.status = 'sent';
    } else if (state.status !== 'waiting') {
      // Settled: what a slower instance recorded afterwards changes nothing.
    } else if (event.type === 'MessageSendStarted') {
      const data = event.data as EventData<'MessageSendStarted'>;
      state.attempts = data.attempt;
      state.lease = { owner: data.owner, until: data.until };
    } else if (event.type === 'MessageDeferred') {
      const data = event.data as EventData<'MessageDeferred'>;
      state.lease = undefined;
      state.retryAt = data.retryAt;
      state.lastError = data.reason;
    } else if (event.type === 'MessageFailed') {
      state.status = 'failed';
      state.lastError = (event.data as EventData<'MessageFailed'>).reason;
    } else if (event.type === 'MessageWithdrawn') {
      state.status = 'withdrawn';
    }
  }
  return state;
}

/**
 * Whether a sender may start an attempt at `now`: the message waits, nobody holds it (or the lease ran
 * out, or it is held by a process known to be dead), and its retry time has come.
 */
export function mayStartSending(state: MessageState, now: Date, deadOwners: readonly string[]): boolean {
  if (state.status !== 'waiting') return false;
  const at = now.getTime();
  const leased =
    state.lease !== undefined &&
    Date.parse(state.lease.until) > at &&
    !deadOwners.includes(state.lease.owner);
  const early = state.retryAt !== undefined && Date.parse(state.retryAt) > at;
  return !leased && !early;
}

/** How failed attempts are retried: doubling delays up to a ceiling, until the message is too old. */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A message still not sent this long after it became owed is marked failed. */
  giveUpAfterMs: number;
}

/** The wait after the `attempt`th failed attempt (counting from 1). */
export function retryDelayMs(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempt - 1));
}
