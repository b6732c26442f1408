import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateEventLog } from '@shop/services/test-support/event-log-generator';
import { type BenchResult, inTempDir } from './measure';

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
/** Each side runs this often, interleaved, and counts its fastest run: the machine is shared and noisy. */
const ROUNDS = 2;
const here = fileURLToPath(new URL('.', import.meta.url));

interface ChildResult {
  events: number;
  seconds: number;
  maxRssMb: number;
  failed: string[];
}

function child(...args: string[]): ChildResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'rebuild-child.ts'), ...args], {
    cwd: here,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: process.env.BENCH_CHILD_NODE_OPTIONS ?? '' },
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult;
}

/**
 * Rebuilds every read model from a generated log of EVENTS events (a runner started from position 0 on a
 * fresh read-model file, until caught up), against the baseline of reading and JSON-parsing the same events
 * without projecting. Each side runs in its own process, which reports its peak RSS; the sides alternate
 * for ROUNDS rounds, and each counts its fastest run and its highest peak.
 */
export async function runRebuildBench(): Promise<BenchResult[]> {
  return inTempDir(async (dir) => {
    const eventsPath = join(dir, 'events.db');
    const generatedAt = performance.now();
    const log = generateEventLog(eventsPath, EVENTS);
    const generateSeconds = (performance.now() - generatedAt) / 1_000;
    console.log(
      `  generated ${log.events.toLocaleString('en-US')} events (${log.orders.toLocaleString('en-US')} orders) in ${generateSeconds.toFixed(1)} s`,
    );
    const parses: ChildResult[] = [];
    const projects: ChildResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      parses.push(child('parse', eventsPath));
      const project = child('project', eventsPath, join(dir, `read-models-${round}.db`));
      if (project.failed.length > 0)
        throw new Error(`Projectors failed during the rebuild: ${project.failed.join('; ')}`);
      projects.push(project);
    }
    const seconds = (runs: ChildResult[]) => runs.map((run) => `${run.seconds.toFixed(1)} s`).join(', ');
    console.log(`  rebuild ${seconds(projects)}; read+parse ${seconds(parses)}`);
    const parse = fastest(parses);
    const project = fastest(projects);
    console.log(
      `  fastest: rebuild ${project.seconds.toFixed(1)} s, peak RSS ${project.maxRssMb.toFixed(0)} MB; read+parse ${parse.seconds.toFixed(1)} s, peak RSS ${parse.maxRssMb.toFixed(0)} MB`,
    );
    return [
      {
        name: `rebuild every read model, ${log.events.toLocaleString('en-US')} events`,
        unit: 'events/s',
        ours: project.events / project.seconds,
        baseline: parse.events / parse.seconds,
        baselineLabel: `raw read + JSON.parse of the same events, no projecting; fastest of ${ROUNDS} each, interleaved`,
      },
      {
        name: 'rebuild peak RSS (lower is better)',
        unit: 'MB',
        ours: project.maxRssMb,
        baseline: 1_024,
        baselineLabel: 'the 1 GB budget',
      },
      {
        name: 'read + parse peak RSS',
        unit: 'MB',
        ours: parse.maxRssMb,
        baseline: 1_024,
        baselineLabel: 'the 1 GB budget',
      },
    ];
  });
}

/** The fastest run, with the highest peak RSS of all the runs. */
function fastest(runs: ChildResult[]): ChildResult {
  const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  return { ...best, maxRssMb: Math.max(...runs.map((run) => run.maxRssMb)) };
}
