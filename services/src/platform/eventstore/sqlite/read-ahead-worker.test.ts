import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { someEvents } from '../contract/contract-helpers';
import { ReadAheadWorker } from './read-ahead-worker';
import { openSqliteEventStore } from './sqlite-event-store';
import { prepareEventStatements } from './sqlite-schema';

const STORE_MODULE = fileURLToPath(new URL('./sqlite-event-store.ts', import.meta.url));

/** Runs `script` (an ES module body, `openSqliteEventStore` in scope) in a new Node process through tsx. */
function runProcess(script: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const source = `import { openSqliteEventStore } from ${JSON.stringify(STORE_MODULE)};\n${script}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

describe('read-ahead worker', () => {
  let dir: string;
  let path: string;
  const count = 230;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
    path = join(dir, 'events.db');
    const store = openSqliteEventStore({ path });
    for (let i = 0; i < count; i += 10) await store.append(`s-${i % 3}`, someEvents(10));
    await store.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the text this thread would, and null past the head; nothing once closed', async () => {
    const db = new Database(path);
    const sql = prepareEventStatements(db);
    const worker = new ReadAheadWorker(path);
    try {
      for (const [after, limit] of [
        [0, 50],
        [37, 100],
        [count - 5, 50],
      ] as const) {
        expect(await worker.read(after, limit)).toEqual({ text: sql.readAllAfterAsJson.get(after, limit) });
      }
      expect(await worker.read(count, 50)).toEqual({ text: null });
      await worker.close();
      expect(await worker.read(0, 50)).toBeUndefined();
    } finally {
      await worker.close();
      db.close();
    }
  });

  // A worker left running would keep the process alive; one not counted while a read is in flight
  // would let it exit with the subscriber still waiting (code 13: unsettled top-level await).
  for (const ending of ['store.close()', 'subscription.unsubscribe()']) {
    it(`lets a process that caught up through it exit after ${ending}`, async () => {
      const { code, output } = await runProcess(
        `
        const store = openSqliteEventStore({ path: ${JSON.stringify(path)} });
        const subscription = store.subscribeToAll({ fromPosition: 0, maxBatchSize: 23 });
        let delivered = 0;
        for await (const batch of subscription) {
          delivered += batch.length;
          if (delivered >= ${count}) break;
        }
        console.log(delivered);
        await ${ending};
        `,
        15_000,
      );
      expect({ code, output }).toEqual({ code: 0, output: String(count) });
    });
  }
});
