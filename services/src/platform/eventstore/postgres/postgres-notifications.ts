import pg from 'pg';
import { quoteIdentifier } from './postgres-schema';

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTENs on the log's channel over a connection of its own and calls `onWake` for every
 * notification but those this store sent itself (its `Notifier`'s `sender`: its appends woke its
 * subscriptions already, and reading again for the echo is a round trip for nothing), and once after
 * each (re)connection, since notifications sent while it was away are lost. A broken connection is replaced with a doubling back-off; meanwhile subscribers poll.
 */
export class NotificationListener {
  #client: pg.Client | undefined;
  #started = false;
  #stopped = false;
  #retryMs = RECONNECT_MIN_MS;
  #retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly channel: string,
    private readonly onWake: () => void,
    private readonly ownSender: string,
  ) {}

  /** Connects, unless already started; never throws (a failure is retried in the background). */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    void this.#connect();
  }

  /** Whether notifications are being received now (false while reconnecting). */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#client = undefined;
      client.end().catch(() => undefined);
      this.#scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.payload !== this.ownSender) this.onWake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(this.channel)}`);
    } catch {
      onLost();
      return;
    }
    if (this.#stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#retryMs = RECONNECT_MIN_MS;
    this.onWake();
  }

  #scheduleReconnect(): void {
    if (this.#stopped) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, RECONNECT_MAX_MS);
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
    this.#retryTimer.unref();
  }
}

/**
 * Sends the channel's notification after appends, coalesced: while one NOTIFY is on its way, later
 * appends ask for one more, not one each. NOTIFY runs in a statement of its own, after the append
 * committed, because a NOTIFY inside the append would serialise every append's commit on the
 * server's notification queue lock. A lost notification only delays other instances until their
 * next poll.
 */
export class Notifier {
  #inFlight = false;
  #again = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    /** The payload of its notifications, so that its own store's listener can tell them apart. */
    readonly sender: string,
  ) {}

  notify(): void {
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    this.#inFlight = true;
    this.pool
      .query('SELECT pg_notify($1, $2)', [this.channel, this.sender])
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight = false;
        if (this.#again) {
          this.#again = false;
          this.notify();
        }
      });
  }
}
