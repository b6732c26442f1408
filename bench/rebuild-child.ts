/**
 * One side of the rebuild benchmark, run in its own process so its peak RSS is its own:
 *   tsx rebuild-child.ts project <events.db> <read-models.db>   every projector from 0 to the head
 *   tsx rebuild-child.ts parse <events.db>                      the baseline: read and parse, no projecting
 * Prints one JSON line: { events, seconds, maxRssMb, failed }.
 */
import { allProjectors, openReadModels, ProjectionRunner } from '@shop/projections';
import { openSqliteEventStore } from '@shop/services/platform/eventstore/index';
import { openRawEventTable } from './eventstore-baseline';

const [mode, eventsPath, readModelsPath] = process.argv.slice(2);
const PAGE = 500;

if (mode === 'parse') {
  const table = openRawEventTable(eventsPath!, 'relaxed');
  const started = performance.now();
  let events = 0;
  let rows = table.readPage(1, PAGE);
  while (rows.length > 0) {
    events += rows.length;
    rows = table.readPage((rows.at(-1)?.position ?? 0) + 1, PAGE);
  }
  const seconds = (performance.now() - started) / 1_000;
  table.close();
  report({ events, seconds, failed: [] });
} else {
  const store = openSqliteEventStore({ path: eventsPath!, durability: 'relaxed' });
  const readModels = openReadModels(readModelsPath!);
  const head = await store.headPosition();
  const runner = new ProjectionRunner({
    store,
    readModels,
    projectors: allProjectors,
    // An experiment knob only (see docs/decisions/007-performance.md); the bench runs the defaults.
    ...(process.env.BENCH_MAX_TX_MS
      ? { maxTransactionMs: Number(process.env.BENCH_MAX_TX_MS), batchSize: 100_000 }
      : {}),
    statusRefreshMs: 60_000,
  });
  const started = performance.now();
  await runner.start();
  await runner.waitForPosition(head, 30 * 60_000);
  const seconds = (performance.now() - started) / 1_000;
  const status = await runner.refreshStatus();
  await runner.stop();
  const failed = status.projectors
    .filter((p) => p.state !== 'running')
    .map((p) => `${p.name}: ${p.lastError} at ${p.failedPosition}`);
  readModels.close();
  await store.close();
  report({ events: head, seconds, failed });
}

function report(result: { events: number; seconds: number; failed: string[] }) {
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ...result, maxRssMb }));
}
