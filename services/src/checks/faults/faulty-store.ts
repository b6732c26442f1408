import { join } from 'node:path';
import type { EventStore } from '@shop/contracts';
import { openSqliteEventStore } from '../../platform/eventstore/sqlite/sqlite-event-store';

/** A real SQLite store whose appends can be made to fail the way a full or read-only disk does. */
export interface FaultyStore {
  store: EventStore;
  /** Appends fail with this SQLite code from now on (after `allow` more successful appends). */
  failWith(code: 'SQLITE_FULL' | 'SQLITE_READONLY' | 'SQLITE_IOERR_WRITE', allow?: number): void;
  heal(): void;
  failedAppends(): number;
}

export function faultyStore(dataDir: string): FaultyStore {
  const inner = openSqliteEventStore({ path: join(dataDir, 'events.sqlite'), durability: 'relaxed' });
  let failing: { code: string; allow: number } | undefined;
  let failed = 0;
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'append') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<EventStore['append']>) => {
        if (failing && failing.allow-- <= 0) {
          failed += 1;
          throw Object.assign(new Error(`${failing.code}: the disk said no`), { code: failing.code });
        }
        return target.append(...args);
      };
    },
  });
  return {
    store,
    failWith(code, allow = 0) {
      failing = { code, allow };
    },
    heal() {
      failing = undefined;
    },
    failedAppends: () => failed,
  };
}
