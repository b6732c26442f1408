import { join } from 'node:path';
import {
  catalogueProjector,
  dailySales,
  findProduct,
  metricsProjector,
  openReadModels,
  orderCounts,
  ProjectionRunner,
  readAsOf,
  salesProjector,
  salesReport,
} from '@shop/projections';
import { openSqliteEventStore } from '@shop/services/platform/eventstore/index';
import { generateEventLog } from '@shop/services/test-support/event-log-generator';
import { type BenchResult, inTempDir } from './measure';

const EVENTS = Number(process.env.BENCH_REPORT_EVENTS ?? 1_000_000);
const REPORTS = 60;
const PRODUCT_READS = 2_000;

/** Milliseconds each call of `work` took. */
function latencies(count: number, work: (index: number) => unknown): number[] {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    work(index);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const p99 = (sorted: readonly number[]) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;

/** Runs `work`, sampling the process's RSS every 20 ms; answers its seconds and the peak RSS above the start. */
async function withPeakRss(work: () => Promise<unknown>): Promise<{ seconds: number; peakMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - started) / 1_000, peakMb: (peak - before) / 1_048_576 };
}

/**
 * For analysts, on a generated log of EVENTS events (the whole log falls within a year):
 * - a year's sales report by category from the sales facts read model, its p99 against the p99 of a
 *   product read from the catalogue read model in the same process and run;
 * - the dashboard as of the log's midpoint (the metrics projector replayed from the log into a throwaway
 *   database), its time and peak RSS against reading and parsing the same half of the log without projecting.
 */
export async function runReportsBench(): Promise<BenchResult[]> {
  return inTempDir(async (dir) => {
    const eventsPath = join(dir, 'events.db');
    const log = generateEventLog(eventsPath, EVENTS);
    const store = openSqliteEventStore({ path: eventsPath, durability: 'relaxed' });
    const readModels = openReadModels(join(dir, 'read-models.db'));
    try {
      const head = await store.headPosition();
      const runner = new ProjectionRunner({
        store,
        readModels,
        projectors: [catalogueProjector, salesProjector],
        statusRefreshMs: 60_000,
      });
      await runner.start();
      await runner.waitForPosition(head, 30 * 60_000);
      await runner.stop();
      const facts = readModels.sqlite.prepare('SELECT count(*) FROM sales_facts').pluck().get() as number;
      console.log(
        `  ${log.events.toLocaleString('en-US')} events, ${log.orders.toLocaleString('en-US')} orders, ${facts.toLocaleString('en-US')} sales facts`,
      );

      const year = { from: '2025-07-01', to: '2026-06-30', by: 'category' as const };
      const ids = readModels.sqlite.prepare('SELECT id FROM catalogue_products').pluck().all() as string[];
      salesReport(readModels, year); // warm the statement cache, as a running server's would be
      const reports = latencies(REPORTS, () => salesReport(readModels, year));
      const reads = latencies(PRODUCT_READS, (index) =>
        findProduct(readModels, { id: ids[index % ids.length]! }),
      );
      console.log(
        `  year by category: p99 ${p99(reports).toFixed(1)} ms; product read p99 ${p99(reads).toFixed(3)} ms`,
      );

      const first = (await store.readAll({ fromPosition: 1, maxCount: 1 }))[0]!;
      const last = (await store.readAll({ fromPosition: head, maxCount: 1 }))[0]!;
      const midpoint = new Date((first.timestamp + last.timestamp) / 2);
      const parse = await withPeakRss(async () => {
        let position = 0;
        for (;;) {
          const page = await store.readAll({ fromPosition: position + 1, maxCount: 2_000 });
          const upTo = page.filter((event) => event.timestamp <= midpoint.getTime());
          if (upTo.length === 0) return;
          position = upTo.at(-1)!.position;
          if (upTo.length < page.length) return;
        }
      });
      let counted = 0;
      const asOf = await withPeakRss(async () => {
        const answer = await readAsOf(store, midpoint, [metricsProjector], (db) => ({
          ...orderCounts(db),
          sales: dailySales(db, { lastDay: midpoint.toISOString().slice(0, 10), days: 30 }),
        }));
        counted = answer.total;
      });
      console.log(
        `  as of ${midpoint.toISOString()}: ${counted.toLocaleString('en-US')} orders, ${asOf.seconds.toFixed(1)} s, peak +${asOf.peakMb.toFixed(0)} MB; read+parse ${parse.seconds.toFixed(1)} s, peak +${parse.peakMb.toFixed(0)} MB`,
      );

      return [
        // Lower is better for times, so each ratio is printed baseline-over-ours by swapping them.
        {
          name: 'year report by category p99 (product read p99 / ours)',
          unit: 'ms',
          ours: p99(reads),
          baseline: p99(reports),
          baselineLabel: `ours ${p99(reports).toFixed(1)} ms, product read ${p99(reads).toFixed(3)} ms, ${facts} facts`,
        },
        {
          name: 'dashboard as of the midpoint (read+parse / ours)',
          unit: 's',
          ours: parse.seconds,
          baseline: asOf.seconds,
          baselineLabel: `ours ${asOf.seconds.toFixed(1)} s, reading and parsing the same events ${parse.seconds.toFixed(1)} s`,
        },
        {
          name: 'dashboard as of the midpoint, peak RSS above start',
          unit: 'MB',
          ours: asOf.peakMb,
          baseline: parse.peakMb,
          baselineLabel: 'reading and parsing the same events without projecting',
        },
      ];
    } finally {
      readModels.close();
      await store.close();
    }
  });
}
