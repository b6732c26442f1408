import { writeFileSync } from 'node:fs';
import type { EventStore } from '@shop/contracts';
import { MemoryLog, openMemoryEventStore } from '@shop/testing';
import { afterEach } from 'vitest';
import type { ReadModelsDb } from '../db/database';
import type { ProjectionRunnerOptions } from '../runner/options';
import { ProjectionRunner } from '../runner/runner';
import { useTempDir } from './temp-dir';
import { openTestReadModels } from './test-tables';

/**
 * Per test: an in-memory event log (every openStore is one more connection to it), real SQLite
 * read-model files in a fresh directory, and runners; whatever a test opens is stopped and closed
 * after it.
 */
export function useProjectionFixture() {
  const temp = useTempDir();
  const closers: (() => unknown)[] = [];
  let log = new MemoryLog();
  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    closers.length = 0;
    log = new MemoryLog();
  });
  return {
    temp,
    openStore(options: { now?: () => number } = {}): EventStore {
      const store = openMemoryEventStore({ log, ...options });
      closers.push(() => store.close());
      return store;
    },
    /** The log as a file, for a child process to open with `MemoryLog.fromText`. */
    logFile(name = 'events.json'): string {
      const path = temp.path(name);
      writeFileSync(path, log.toText());
      return path;
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
