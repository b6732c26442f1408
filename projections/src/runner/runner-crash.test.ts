import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useProjectionFixture } from '../test-support/projection-fixture';
import {
  aBalancesProjector,
  aLedgerProjector,
  appendTestEvents,
  rowsOf,
  testTables,
} from '../test-support/test-tables';

const fixture = useProjectionFixture();

const CRASH_SCRIPT = fileURLToPath(new URL('../test-support/crash-mid-batch.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the crash script in a child process; resolves with the signal that ended it. */
function runUntilKilled(args: string[]): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CRASH_SCRIPT, ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, stderr }));
  });
}

describe('a crash in the middle of a batch', () => {
  it('leaves the read model and checkpoint at the last whole batch; a restart applies every event exactly once', async () => {
    const store = fixture.openStore();
    const head = await appendTestEvents(store, 50);

    // Chunks of 10: 1-10 and 11-20 commit; the process dies after applying 25, inside 21-30.
    const crashed = await runUntilKilled([
      fixture.logFile(),
      fixture.temp.path('read-models.sqlite'),
      '25',
      '10',
    ]);
    expect(crashed.stderr).toBe('');
    expect(crashed.signal).toBe('SIGKILL');

    const readModels = fixture.openReadModels();
    const checkpoints = readModels.all(
      testTables(readModels)
        .selectFrom('projection_checkpoints')
        .select(['name', 'position'])
        .orderBy('name'),
    );
    expect(checkpoints).toEqual([
      { name: 'balances', position: 20 },
      { name: 'ledger', position: 20 },
    ]);
    const ledgerAfterCrash = rowsOf(readModels, 'ledger') as { position: number; applied: number }[];
    expect(ledgerAfterCrash.map((row) => [row.position, row.applied])).toEqual(
      Array.from({ length: 20 }, (_, i) => [i + 1, 1]),
    );

    const runner = fixture.runner({
      store,
      readModels,
      projectors: [aLedgerProjector(), aBalancesProjector()],
    });
    await runner.start();
    expect(await runner.waitForPosition(head, 5_000)).toBe(true);

    const ledger = rowsOf(readModels, 'ledger') as { position: number; applied: number }[];
    expect(ledger.map((row) => [row.position, row.applied])).toEqual(
      Array.from({ length: 50 }, (_, i) => [i + 1, 1]),
    );
    // A balance counts its events: an event applied twice or lost would show in the totals.
    const fresh = fixture.openReadModels('never-crashed.sqlite');
    const reference = fixture.runner({ store, readModels: fresh, projectors: [aBalancesProjector()] });
    await reference.start();
    expect(await reference.waitForPosition(head, 5_000)).toBe(true);
    expect(rowsOf(readModels, 'balances')).toEqual(rowsOf(fresh, 'balances'));
  });
});
