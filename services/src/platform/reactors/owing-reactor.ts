import {
  type AllSubscription,
  type EventData,
  NO_STREAM,
  type RecordedEvent,
  streams,
  WrongExpectedVersion,
} from '@shop/contracts';
import { saveReactorCheckpoint } from '@shop/projections';
import type { Channel } from './channel';
import { type OutboxDeps, pause } from './outbox-deps';

/** Longest pause between two tries of an event the reactor could not record (the log unwritable). */
const MAX_PAUSE_MS = 30_000;
const BATCH_SIZE = 100;

/**
 * Follows the log from its own checkpoint and records every message a channel owes for each event:
 * `MessageOwed` appended with NO_STREAM to the message's own stream, so that a replay after a crash,
 * or a second instance seeing the same event, finds it owed already. Sends nothing itself: it tells
 * `onOwed` the position of what it recorded. The checkpoint moves only past events fully handled.
 */
export class OwingReactor {
  readonly #causes: ReadonlySet<string>;
  #position: number;
  #subscription: AllSubscription | undefined;
  #stopping = false;
  #stop!: () => void;
  readonly #stopped = new Promise<void>((resolve) => {
    this.#stop = resolve;
  });
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: OutboxDeps,
    private readonly channel: Channel,
    private readonly checkpoint: { name: string; life: string; position: number },
    private readonly onOwed: (position: number) => void,
  ) {
    this.#causes = new Set(channel.causes);
    this.#position = checkpoint.position;
  }

  start(): void {
    this.#running = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#stop();
    await this.#subscription?.unsubscribe();
    await this.#running;
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#stopping) {
      this.#subscription = this.deps.store.subscribeToAll({
        fromPosition: this.#position,
        maxBatchSize: BATCH_SIZE,
      });
      try {
        for await (const batch of this.#subscription) {
          for (const event of batch) {
            if (this.#causes.has(event.type) && !(await this.#oweUntilRecorded(event))) return;
            this.#position = event.position;
          }
          this.#saveCheckpoint();
          failures = 0;
        }
      } catch (error) {
        failures += 1;
        this.deps.logger.error('outbox: reading the log failed; trying again', {
          channel: this.channel.name,
          error,
        });
        await pause(Math.min(MAX_PAUSE_MS, 500 * 2 ** failures), this.#stopped);
      } finally {
        await this.#subscription.unsubscribe();
      }
    }
  }

  /** Records what the event owes, retrying until it is recorded; false when stopped first. */
  async #oweUntilRecorded(event: RecordedEvent): Promise<boolean> {
    for (let failures = 0; !this.#stopping; failures++) {
      try {
        await this.#owe(event);
        return true;
      } catch (error) {
        this.deps.logger.warn('outbox: could not record the messages an event owes; trying again', {
          channel: this.channel.name,
          eventType: event.type,
          position: event.position,
          error,
        });
        await pause(Math.min(MAX_PAUSE_MS, 500 * 2 ** failures), this.#stopped);
      }
    }
    return false;
  }

  async #owe(event: RecordedEvent): Promise<void> {
    let lastPosition: number | undefined;
    for (const message of await this.channel.owedFor(event)) {
      const data: EventData<'MessageOwed'> = {
        channel: this.channel.name,
        kind: message.kind,
        causeEventId: event.id,
        causePosition: event.position,
        to: message.to,
        toName: message.toName,
        at: this.deps.clock().toISOString(),
      };
      const metadata = {
        actor: 'system',
        causationId: event.id,
        ...(event.metadata.correlationId ? { correlationId: event.metadata.correlationId } : {}),
      };
      try {
        const appended = await this.deps.store.append(
          streams.outbox(this.channel.name, message.kind, event.id),
          [{ type: 'MessageOwed', data, metadata }],
          { expectedRevision: NO_STREAM },
        );
        lastPosition = appended.position;
      } catch (error) {
        // Owed already: by this reactor before a crash, or by another instance.
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
    }
    if (lastPosition !== undefined) this.onOwed(lastPosition);
  }

  #saveCheckpoint(): void {
    saveReactorCheckpoint(this.deps.readModels, {
      name: this.checkpoint.name,
      position: this.#position,
      life: this.checkpoint.life,
      now: this.deps.clock().getTime(),
    });
  }
}
