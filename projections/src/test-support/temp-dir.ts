import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A fresh directory for each test's real SQLite files, removed after the test. */
export function useTempDir(): { path: (name: string) => string; dir: () => string } {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'projections-test-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, path: (name) => join(dir, name) };
}
