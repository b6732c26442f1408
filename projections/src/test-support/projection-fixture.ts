import { openSqliteEventStore } from '@shop/services/platform/eventstore/sqlite/sqlite-event-store';
import { afterEach } from 'vitest';
import type { ReadModelsDb } from '../database';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../runner';
import { useTempDir } from './temp-dir';
import { openTestReadModels } from './test-tables';

/**
 * Real SQLite files in a fresh directory per test: the SQLite event store, read-model databases with
 * the test tables, and runners; whatever a test opens is stopped and closed after it.
 */
export function useProjectionFixture() {
  const temp = useTempDir();
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    closers.length = 0;
  });
  return {
    temp,
    openStore(options: { now?: () => number } = {}) {
      const store = openSqliteEventStore({
        path: temp.path('events.sqlite'),
        durability: 'relaxed',
        ...options,
      });
      closers.push(() => store.close());
      return store;
    },
    openReadModels(name = 'read-models.sqlite'): ReadModelsDb {
      const db = openTestReadModels(temp.path(name));
      closers.push(() => db.sqlite.open && db.close());
      return db;
    },
    runner(options: ProjectionRunnerOptions): ProjectionRunner {
      const runner = new ProjectionRunner(options);
      closers.push(() => runner.stop());
      return runner;
    },
  };
}
