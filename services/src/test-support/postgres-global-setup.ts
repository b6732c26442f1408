import type { TestProject } from 'vitest/node';
import { startPrivatePostgres } from './private-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private PostgreSQL of this test run, or why there is none (tests that need it fail with it). */
    privatePostgres: { url: string } | { error: string };
  }
}

/**
 * vitest globalSetup of the server tests: one private PostgreSQL for the whole run (initdb into a
 * temporary folder, a free loopback port), stopped at the end. Without PostgreSQL installed only the
 * tests that need it fail, each with the install command; the others run as usual.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const server = await startPrivatePostgres({ fsync: false });
    project.provide('privatePostgres', { url: server.url });
    return () => server.stop();
  } catch (error) {
    project.provide('privatePostgres', { error: error instanceof Error ? error.message : String(error) });
    return async () => {};
  }
}
