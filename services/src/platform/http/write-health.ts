import type { EventStore } from '@shop/contracts';
import { EVENT_STORE_UNAVAILABLE } from '../eventstore/store-unavailable';

/** Error codes that mean "the store cannot be written right now", not a bug: SQLite's, and a server's outage. */
export const UNAVAILABLE_STORE_CODES: readonly string[] = [
  EVENT_STORE_UNAVAILABLE,
  'SQLITE_FULL',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
];

/** True for an error that says the store cannot take writes (disk full, read-only, locked, unreachable). */
export function isStoreUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNAVAILABLE_STORE_CODES.some((c) => code.startsWith(c));
}

export interface WriteFailure {
  code: string;
  at: string;
}

/**
 * Remembers the last failed write to the event store until a write succeeds again, so
 * `/health/ready` can tell a load balancer that this instance cannot take orders.
 */
export class WriteHealth {
  private failure: WriteFailure | undefined;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  failed(error: unknown): void {
    const code = String((error as { code?: unknown } | null)?.code ?? 'UNKNOWN');
    this.failure = { code, at: this.clock().toISOString() };
  }

  succeeded(): void {
    this.failure = undefined;
  }

  /** The failure since the last successful write, if any. */
  lastFailure(): WriteFailure | undefined {
    return this.failure;
  }
}

/** The store, reporting each append's outcome to `health`; everything else passes through. */
export function trackWrites(store: EventStore, health: WriteHealth): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') {
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (...args: Parameters<EventStore['append']>) => {
        try {
          const result = await target.append(...args);
          health.succeeded();
          return result;
        } catch (error) {
          if (isStoreUnavailable(error)) health.failed(error);
          throw error;
        }
      };
    },
  });
}
