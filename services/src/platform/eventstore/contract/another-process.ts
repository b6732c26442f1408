import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PostgresEventStoreOptions } from '../postgres/postgres-event-store';
import type { SqliteEventStoreOptions } from '../sqlite/sqlite-event-store';
import type { AnotherProcess } from './contract-harness';
import type { RacingAppendJob, RacingAppendReport } from './racing-appender';

/** Which store the other process opens: options that survive JSON (no functions). */
export type AnotherProcessStore =
  | { adapter: 'sqlite'; options: Pick<SqliteEventStoreOptions, 'path' | 'durability'> }
  | { adapter: 'postgres'; options: Pick<PostgresEventStoreOptions, 'connectionString' | 'schema'> };

const CHILD_SCRIPT = fileURLToPath(new URL('./child-process-appender.ts', import.meta.url));

/**
 * Starts a Node process (through tsx) that opens the same store, for the contract's cross-process
 * race; resolves once that process has the store open.
 */
export async function startAnotherProcess(store: AnotherProcessStore): Promise<AnotherProcess> {
  // cwd next to the script so `--import tsx` resolves from this workspace's node_modules.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, JSON.stringify(store)], {
    cwd: dirname(CHILD_SCRIPT),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`child appender exited with code ${code}`)));
  });
  exited.catch(() => undefined);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const line = await Promise.race([lines.next(), exited]);
    if (line.done) throw new Error('child appender closed its output');
    return line.value;
  };

  const ready = await nextLine();
  if (ready !== 'ready') throw new Error(`child appender said ${ready}`);
  return {
    async race(job: RacingAppendJob): Promise<RacingAppendReport> {
      child.stdin.end(`${JSON.stringify(job)}\n`);
      return JSON.parse(await nextLine()) as RacingAppendReport;
    },
  };
}
