import type { MessageDelivery } from '@shop/contracts';
import { findReactorCheckpoint, saveReactorCheckpoint } from '@shop/projections';
import type { Channel } from './channel';
import { DEFAULT_OUTBOX_TIMING, type OutboxDeps, type OutboxTiming } from './outbox-deps';
import { OutboxSender } from './outbox-sender';
import { OwingReactor } from './owing-reactor';

/** A channel's outbox at work in this process. */
export interface Outbox {
  /** How this process delivers the channel's messages. */
  delivery: MessageDelivery;
  /** Stops following the log, lets the attempts in flight finish, closes the channel. */
  stop(): Promise<void>;
}

/**
 * Starts a channel's reactor (follows the log, records each message owed) and its sender (leases,
 * delivers, records the outcome). The first start of a channel begins at the head of the log: nothing
 * is sent for history. A restart continues from the checkpoint, and takes back at once the messages
 * its earlier processes held (they are dead: one shop process per DATA_DIR), however many times it
 * was restarted before it could take them.
 */
export async function startOutbox(
  deps: OutboxDeps,
  channel: Channel,
  timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
): Promise<Outbox> {
  const name = `outbox-${channel.name}`;
  const previous = findReactorCheckpoint(deps.readModels, name);
  const life = deps.newId();
  const position = previous?.position ?? (await deps.store.headPosition());
  const earlierLives = previous?.lives ?? [];
  saveReactorCheckpoint(deps.readModels, { name, position, life, now: deps.clock().getTime(), earlierLives });
  const sender = new OutboxSender(deps, channel, timing, life, earlierLives);
  const reactor = new OwingReactor(deps, channel, { name, life, position }, (owedAt) =>
    sender.wakeAfter(owedAt),
  );
  reactor.start();
  sender.start();
  return {
    delivery: channel.delivery,
    async stop() {
      await reactor.stop();
      await sender.stop();
      channel.close();
    },
  };
}
