/** The code of an error that says the event store cannot be reached right now (a server adapter's outage). */
export const EVENT_STORE_UNAVAILABLE = 'EVENT_STORE_UNAVAILABLE';

/**
 * The event store's server cannot be reached or refuses work for now (connection lost or refused,
 * the server shutting down or starting, out of connections or disk). Commands answer 503 for it, and
 * the adapter recovers by itself once the server is back. `cause` is the driver's error.
 */
export class EventStoreUnavailable extends Error {
  override readonly name = 'EventStoreUnavailable';
  readonly code = EVENT_STORE_UNAVAILABLE;
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
  }
}
