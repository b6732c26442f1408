import { z } from 'zod';

/** The channels the shop sends messages through. WhatsApp joins e-mail here (issue 25). */
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export const MessageChannel = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof MessageChannel>;

/** How this shop instance delivers a channel's messages: a server, a folder of files, or not at all. */
export type MessageDelivery = 'smtp' | 'folder' | 'cloud-api' | 'off';

/** One channel's messages as the admin sees them, counted over the whole log (every instance). */
export interface ChannelMessages {
  channel: MessageChannel;
  delivery: MessageDelivery;
  sent: number;
  /** Owed and not sent yet: being sent, or waiting for a retry. */
  waiting: number;
  /** Refused for good or given up on. */
  failed: number;
  /** Not sent because they were no longer needed (a reminder to confirm an order already confirmed). */
  withdrawn: number;
  /** When the oldest waiting message became owed; null when none waits. */
  oldestWaitingSince: string | null;
  lastFailure: { reason: string; at: string; kind: string } | null;
  /**
   * Why the waiting message tried last was put off (a server down, a token the API refused), and when it
   * is tried again; null when no waiting message has failed an attempt.
   */
  lastRetry: { reason: string; retryAt: string; kind: string } | null;
}

/** Answer of GET /api/admin/messages. */
export interface MessagesStatus {
  channels: ChannelMessages[];
}
