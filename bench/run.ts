import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runAdminListsBench } from './admin-lists.bench';
import { runEventStoreBench } from './eventstore.bench';
import { runFrontEndBench } from './frontend.bench';
import { runHttpBench } from './http.bench';
import type { BenchResult } from './measure';
import { runRebuildBench } from './rebuild.bench';

/** Each benchmark module, run in turn; every figure is printed beside its own baseline from the same run. */
const suites: { title: string; run: () => Promise<BenchResult[]>; file?: string }[] = [
  { title: 'Event store (SQLite adapter) against raw better-sqlite3 and Emmett', run: runEventStoreBench },
  { title: 'Projection rebuild', run: runRebuildBench },
  { title: 'HTTP under load (autocannon, 32 connections, real server, 10,000 products)', run: runHttpBench },
  { title: 'Front-end weight (gzip)', run: runFrontEndBench },
  {
    title: 'Admin lists on the 1,000,000-event log (real server; product read as the baseline)',
    run: runAdminListsBench,
    file: 'admin-lists.md',
  },
];

/**
 * `BENCH_ONLY=admin-lists npm run bench` runs one suite (matched against its `file`, or its title) and
 * writes its own file in results/ instead of latest.md, which holds a full run.
 */
const only = process.env.BENCH_ONLY?.toLowerCase();
const chosen = only
  ? suites.filter((suite) => suite.file?.startsWith(only) || suite.title.toLowerCase().includes(only))
  : suites;
if (chosen.length === 0) throw new Error(`BENCH_ONLY=${only} matches no suite`);

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

for (const suite of chosen) {
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
const file = only ? (chosen[0]?.file ?? 'partial.md') : 'latest.md';
writeFileSync(new URL(file, resultsDir), `${markdown.join('\n')}\n`);
console.log(`\nSummary written to bench/results/${file}`);
