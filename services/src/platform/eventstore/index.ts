/**
 * Event store adapters. The port (EventStore, its errors and constants) is in @shop/contracts.
 * The contract test suite is `./contract`, imported by adapter tests only, since it pulls in vitest.
 */
export {
  openSqliteEventStore,
  type SqliteEventStore,
  type SqliteEventStoreOptions,
} from './sqlite/sqlite-event-store';
export type { Durability } from './sqlite/sqlite-schema';
