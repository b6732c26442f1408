import { z } from 'zod';
import { MessageChannel } from '../messages';
import { at, id } from './fields';

/**
 * The outbox: a message the shop owes because of an event (`causeEventId`), recorded before it is sent,
 * in a stream of its own named by the event, the channel and the kind (`streams.outbox`), appended with
 * NO_STREAM so that it is owed once however many instances see the event. `to` is the address as it was
 * when the message became owed.
 */
export const MessageOwed = z.object({
  channel: MessageChannel,
  kind: z.string().min(1),
  causeEventId: id,
  causePosition: z.number().int().positive(),
  to: z.string(),
  toName: z.string(),
  at,
});
const attempt = z.number().int().positive();
/** One instance is sending the message until `until` (a lease, appended at the stream's revision). */
export const MessageSendStarted = z.object({ owner: id, attempt, until: at, at });
/** The attempt failed for a reason that may pass (server down, 4xx); tried again from `retryAt`. */
export const MessageDeferred = z.object({ attempt, reason: z.string(), retryAt: at, at });
/** The server accepted the message. */
export const MessageSent = z.object({ attempt, messageId: z.string(), at });
/** Refused for good (a 5xx such as an unknown address), or given up on: never tried again. */
export const MessageFailed = z.object({ attempt: z.number().int().nonnegative(), reason: z.string(), at });
/**
 * Not sent, and not needed any more: what it asked for was done first (a reminder to confirm an
 * order the shopper confirmed meanwhile). Never tried again; no failure.
 */
export const MessageWithdrawn = z.object({ attempt: z.number().int().nonnegative(), reason: z.string(), at });
