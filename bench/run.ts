import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runAdminListsBench } from './admin-lists.bench';
import { runEventStoreBench } from './eventstore.bench';
import { runFrontEndBench } from './frontend.bench';
import { runHttpBench } from './http.bench';
import type { BenchResult } from './measure';
import { runPostgresBench } from './postgres.bench';
import { runRebuildBench } from './rebuild.bench';
import { runReportsBench } from './reports.bench';
import { runRevocationBench } from './revocation.bench';
import { runSaleNightBench } from './sale-night.bench';

/** Each benchmark module, run in turn; every figure is printed beside its own baseline from the same run. */
const allSuites: { key: string; title: string; run: () => Promise<BenchResult[]> }[] = [
  {
    key: 'eventstore',
    title: 'Event store (SQLite adapter) against raw better-sqlite3 and Emmett',
    run: runEventStoreBench,
  },
  { key: 'rebuild', title: 'Projection rebuild', run: runRebuildBench },
  {
    key: 'reports',
    title: 'For analysts: a year by category, and the dashboard as of the midpoint',
    run: runReportsBench,
  },
  {
    key: 'http',
    title: 'HTTP under load (autocannon, 32 connections, real server, 10,000 products)',
    run: runHttpBench,
  },
  {
    key: 'sale-night',
    title:
      'Sale night (real server, SQLite durable, 2,000 buyers at once: 20 hot products of 50 units, or spread)',
    run: runSaleNightBench,
  },
  {
    key: 'revocation',
    title: 'Authenticated reads and the session revocation check',
    run: runRevocationBench,
  },
  {
    key: 'postgres',
    title: 'PostgreSQL event store, one and three instances (real servers, private PostgreSQL, fsync on)',
    run: runPostgresBench,
  },
  { key: 'frontend', title: 'Front-end weight (gzip)', run: runFrontEndBench },
  {
    key: 'admin-lists',
    title: 'Admin lists on the 1,000,000-event log (real server; product read as the baseline)',
    run: runAdminListsBench,
  },
];
// `npm run bench` runs them all into results/latest.md; `npm run bench -- postgres http` only those,
// into results/postgres-http.md, leaving latest.md alone.
const only = process.argv.slice(2);
const unknown = only.filter((key) => !allSuites.some((suite) => suite.key === key));
if (unknown.length > 0)
  throw new Error(`unknown bench ${unknown.join(', ')}; one of ${allSuites.map((s) => s.key).join(', ')}`);
const suites = only.length === 0 ? allSuites : allSuites.filter((suite) => only.includes(suite.key));

const format = (n: number) => Math.round(n).toLocaleString('en-US');
/** Three significant digits below 1, so a target never reads as met when it is not (0.2489 is not 0.25). */
const ratio = (result: BenchResult) => {
  if (!(result.baseline > 0 && result.ours > 0)) return 'n/a';
  const value = result.ours / result.baseline;
  return value < 1 ? value.toPrecision(3) : value.toFixed(2);
};

const markdown: string[] = [
  '# Benchmark results',
  '',
  `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} CPUs · event store: best of 3 rounds (reads 6), interleaved`,
];

for (const suite of suites) {
  const started = performance.now();
  console.log(`\n${suite.title}`);
  const results = await suite.run();
  for (const result of results) {
    console.log(
      `  ${result.name.padEnd(44)} ours ${format(result.ours).padStart(9)}  baseline ${format(result.baseline).padStart(9)} ${result.unit.padEnd(10)} ratio ${ratio(result)}`,
    );
  }
  console.log(`  (${((performance.now() - started) / 1_000).toFixed(1)} s)`);
  markdown.push(
    '',
    `## ${suite.title}`,
    '',
    '| Benchmark | Ours | Baseline | Unit | Ours / baseline | Baseline is |',
    '| --- | ---: | ---: | --- | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${format(r.ours)} | ${format(r.baseline)} | ${r.unit} | ${ratio(r)} | ${r.baselineLabel} |`,
    ),
  );
}

const resultsDir = new URL('./results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
const file = only.length === 0 ? 'latest.md' : `${only.join('-')}.md`;
writeFileSync(new URL(file, resultsDir), `${markdown.join('\n')}\n`);
console.log(`\nSummary written to bench/results/${file}`);
