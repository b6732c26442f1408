/**
 * Child process for the crash test: projects the log with the ledger and balances projectors, and the
 * ledger kills the process (SIGKILL: no clean-up, no rollback by us) after applying event `crashAt`.
 * Usage: crash-mid-batch.ts <log file (MemoryLog text)> <read-models file> <crashAt> <batchSize>
 */
import { readFileSync } from 'node:fs';
import { MemoryLog, openMemoryEventStore } from '@shop/testing';
import { ProjectionRunner } from '../runner/runner';
import { aBalancesProjector, aLedgerProjector, openTestReadModels } from './test-tables';

const [eventsPath, readModelsPath, crashAt, batchSize] = process.argv.slice(2);
if (!eventsPath || !readModelsPath || !crashAt || !batchSize) throw new Error('usage: see the file header');

const store = openMemoryEventStore({ log: MemoryLog.fromText(readFileSync(eventsPath, 'utf8')) });
const readModels = openTestReadModels(readModelsPath);
const ledger = aLedgerProjector();
const runner = new ProjectionRunner({
  store,
  readModels,
  batchSize: Number(batchSize),
  maxTransactionMs: Number.POSITIVE_INFINITY,
  projectors: [
    aBalancesProjector(),
    {
      ...ledger,
      apply(event, db) {
        ledger.apply(event, db);
        if (event.position === Number(crashAt)) process.kill(process.pid, 'SIGKILL');
      },
    },
  ],
});
await runner.start();
await runner.waitForPosition(Number.MAX_SAFE_INTEGER, 30_000);
