import { inject } from 'vitest';
import { createDatabase } from './private-postgres';

/**
 * The run's private PostgreSQL (see postgres-global-setup.ts): its superuser connection string. Throws,
 * failing the test, when there is none: the message says how to install PostgreSQL.
 */
export function privatePostgresUrl(): string {
  const server = inject('privatePostgres');
  if ('error' in server) throw new Error(server.error);
  return server.url;
}

/** A new, empty database on the run's private PostgreSQL, for one test file or one test. */
export function createTestDatabase(prefix?: string): Promise<string> {
  return createDatabase(privatePostgresUrl(), prefix);
}
