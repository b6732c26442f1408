import type { EventData, EventType, MessageChannel, MessageDelivery, RecordedEvent } from '@shop/contracts';

/** A message an event causes, addressed as the shop knows the recipient when it becomes owed. */
export interface OwedMessage {
  /** What the message is, e.g. `order-confirmation`; with the event, it names the message. */
  kind: string;
  to: string;
  toName: string;
}

/** A message as it was recorded owed, read back by whoever sends it. */
export type OwedRecord = EventData<'MessageOwed'>;

/** What the outside world said when it took the message. */
export interface Delivered {
  messageId: string;
}

/**
 * A way of reaching a customer (e-mail, WhatsApp): which events cause which messages, and
 * how one message is delivered. The outbox around it records what is owed, leases, retries and counts;
 * a channel knows nothing of that.
 */
export interface Channel {
  name: MessageChannel;
  /** How this process delivers: to a server, into a folder, or not at all. */
  delivery: MessageDelivery;
  /** Event types that may cause a message; the reactor hands it no others. */
  causes: readonly EventType[];
  /** The messages an event causes (often none). Throwing means "try again later", never "none". */
  owedFor(event: RecordedEvent): Promise<OwedMessage[]>;
  /**
   * Builds the message from what was owed and the event that caused it, and hands it over. Throws
   * MessageRefused when trying again cannot help, MessageNotNeeded when the message has no purpose any
   * more; any other error is retried with backoff (RetryLater: not before the time it names).
   */
  deliver(owed: OwedRecord, cause: RecordedEvent): Promise<Delivered>;
  /** Releases connections; called once the outbox has stopped. */
  close(): void;
}

/**
 * A failure that may pass, with the earliest moment worth trying again (a rate limit's Retry-After):
 * the message waits at least that long, and at least its usual backoff.
 */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(
    message: string,
    /** Milliseconds from now before the server wants to hear from us again. */
    readonly afterMs: number,
  ) {
    super(message);
  }
}

/** A permanent refusal (an unknown mailbox, a 5xx, a link that expired): the message is marked failed. */
export class MessageRefused extends Error {
  override readonly name = 'MessageRefused';
}

/**
 * The message is no longer needed: what it asks for was done since it was owed (a reminder to confirm
 * an order the shopper has confirmed). It is withdrawn, not sent and not failed.
 */
export class MessageNotNeeded extends Error {
  override readonly name = 'MessageNotNeeded';
}
