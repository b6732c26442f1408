import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One figure of ours beside the baseline measured in the same run. Higher is better for both. */
export interface BenchResult {
  name: string;
  unit: string;
  ours: number;
  baseline: number;
  /** What the baseline is, in a few words. */
  baselineLabel: string;
}

export interface Throughput {
  operations: number;
  seconds: number;
}

export const perSecond = ({ operations, seconds }: Throughput): number => operations / seconds;

/** Runs `work` and reports how many operations it did per second of wall time. */
export async function timed(operations: number, work: () => unknown): Promise<Throughput> {
  const started = performance.now();
  await work();
  return { operations, seconds: (performance.now() - started) / 1_000 };
}

/**
 * Runs the two contenders `rounds` times, alternating which goes first so neither always meets a warm
 * (or cold) disk, and keeps each one's best round.
 */
export async function bestOfInterleaved(
  rounds: number,
  ours: () => Promise<Throughput>,
  baseline: () => Promise<Throughput>,
): Promise<{ ours: number; baseline: number }> {
  let best = { ours: 0, baseline: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ['ours', 'baseline'] : ['baseline', 'ours'];
    for (const contender of order) {
      if (contender === 'ours') best = { ...best, ours: Math.max(best.ours, perSecond(await ours())) };
      else best = { ...best, baseline: Math.max(best.baseline, perSecond(await baseline())) };
    }
  }
  return best;
}

/** A fresh directory for one measurement, removed when `use` settles. */
export async function inTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
