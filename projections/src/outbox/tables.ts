import type { MessageChannel } from '@shop/contracts';
import type { Selectable } from 'kysely';

/** Where an owed message stands: waiting (to be sent, or being sent), sent, or failed for good. */
export type OutboxState = 'waiting' | 'sent' | 'failed' | 'withdrawn';

/**
 * One row per message the shop owes (the outbox streams of the log): what it is, to whom, and where
 * its sending stands. A sender picks the waiting ones whose lease and retry time have passed.
 */
export interface OutboxMessagesTable {
  /** The message's stream (`outbox-{channel}-{kind}-{causeEventId}`). */
  stream: string;
  channel: MessageChannel;
  kind: string;
  cause_event_id: string;
  recipient: string;
  state: OutboxState;
  /** Attempts started so far. */
  attempts: number;
  /** Log position of the MessageOwed event: the order messages are sent in. */
  owed_position: number;
  owed_at: string;
  /** Who is sending it and until when; null when nobody is. */
  lease_owner: string | null;
  lease_until: string | null;
  /** Not before this time (after a failed attempt); null: at once. */
  retry_at: string | null;
  last_error: string | null;
  /** When it was sent or failed for good. */
  settled_at: string | null;
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;

/** A reactor's own place in the log (one row per reactor, never rebuilt: see decision 020). */
export interface ReactorCheckpointsTable {
  name: string;
  /** Position of the last event the reactor has handled. */
  position: number;
  /** The id this reactor's current process leases messages under. */
  life: string;
  /** JSON array: the ids of this DATA_DIR's earlier processes, latest first (a few); all dead. */
  earlier_lives: string;
  /** Epoch milliseconds. */
  updated_at: number;
}
