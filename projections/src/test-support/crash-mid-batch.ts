/**
 * Child process for the crash test: projects the log with the ledger and balances projectors, and the
 * ledger kills the process (SIGKILL: no clean-up, no rollback by us) after applying event `crashAt`.
 * Usage: crash-mid-batch.ts <events file> <read-models file> <crashAt> <batchSize>
 */
import { openSqliteEventStore } from '@shop/services/platform/eventstore/sqlite/sqlite-event-store';
import { ProjectionRunner } from '../runner';
import { aBalancesProjector, aLedgerProjector, openTestReadModels } from './test-tables';

const [eventsPath, readModelsPath, crashAt, batchSize] = process.argv.slice(2);
if (!eventsPath || !readModelsPath || !crashAt || !batchSize) throw new Error('usage: see the file header');

const store = openSqliteEventStore({ path: eventsPath });
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
