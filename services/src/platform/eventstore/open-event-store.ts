import { join } from 'node:path';
import type { EventStore } from '@shop/contracts';
import type { Config } from '../config/config';
import { openEsdbEventStore } from './esdb/esdb-event-store';
import { openPostgresEventStore } from './postgres/postgres-event-store';
import { openSqliteEventStore } from './sqlite/sqlite-event-store';

export type EventStoreConfig = Pick<
  Config,
  'EVENT_STORE' | 'ESDB_URL' | 'POSTGRES_URL' | 'POSTGRES_POOL_SIZE' | 'DATA_DIR' | 'DURABILITY'
>;

/** The SQLite store's file inside DATA_DIR. */
export const sqliteEventStorePath = (dataDir: string): string => join(dataDir, 'events.sqlite');

/**
 * The one place that knows which event store runs: SQLite in DATA_DIR (the default), EventStoreDB at
 * ESDB_URL with EVENT_STORE=esdb, or PostgreSQL at POSTGRES_URL with EVENT_STORE=postgres. The server,
 * the CLI and the analyst commands all open it here. `bulkCopy`: the copy command's target, whose
 * commits on PostgreSQL need not wait for the disk (the copy can be run again).
 */
export function openEventStore(config: EventStoreConfig, use: { bulkCopy?: boolean } = {}): EventStore {
  if (config.EVENT_STORE === 'esdb') {
    if (!config.ESDB_URL) throw new Error('ESDB_URL is required when EVENT_STORE=esdb');
    return openEsdbEventStore({ connectionString: config.ESDB_URL });
  }
  if (config.EVENT_STORE === 'postgres') {
    if (!config.POSTGRES_URL) throw new Error('POSTGRES_URL is required when EVENT_STORE=postgres');
    return openPostgresEventStore({
      connectionString: config.POSTGRES_URL,
      poolSize: config.POSTGRES_POOL_SIZE,
      ...(use.bulkCopy ? { synchronousCommit: false } : {}),
    });
  }
  return openSqliteEventStore({ path: sqliteEventStorePath(config.DATA_DIR), durability: config.DURABILITY });
}
