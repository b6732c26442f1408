import { EventStoreUnavailable } from '../store-unavailable';

/**
 * SQLSTATE classes and codes that mean "the server cannot do it now", not "the request is wrong":
 * connection exceptions (08), the server shutting down or starting (57P01-57P03), insufficient
 * resources such as a full disk or no connection slot left (53), and a standby that took over
 * read-only (25006).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3]|25006)/;

/** Node's socket errors when the server is down, restarting or unreachable. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What the pg client throws, without a code, when a connection breaks or cannot be had in time. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Client was closed/i;

/** True for a driver error that says the server is unreachable or out of service for now. */
export function isPostgresUnavailable(error: unknown): boolean {
  if (error instanceof EventStoreUnavailable) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))) {
    return true;
  }
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** An outage becomes EventStoreUnavailable (503 for commands); anything else is passed on as it is. */
export function translatePostgresError(error: unknown): unknown {
  if (error instanceof EventStoreUnavailable || !isPostgresUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new EventStoreUnavailable(`The PostgreSQL event store is unavailable: ${reason}`, { cause: error });
}
