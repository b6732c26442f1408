import { describe, expect, it } from 'vitest';
import { retryPause } from './retry-policy';
import { StreamTurns } from './stream-turns';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A piece of work that starts when its turn comes and ends when the test says so. */
function heldWork(log: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const work = () => {
    log.push(`${name} starts`);
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        log.push(`${name} ends`);
        resolve(value);
      };
      fail = reject;
    });
  };
  return { work, finish: (value: string) => finish(value), fail: (error: Error) => fail(error) };
}

describe('StreamTurns', () => {
  it('runs the work on one stream one at a time, first come first served', async () => {
    const turns = new StreamTurns();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldWork(log, name));
    const answers = [
      turns.run('product-1', a!.work),
      turns.run('product-1', b!.work),
      turns.run('product-1', c!.work),
    ];
    await tick();
    expect(log).toEqual(['a starts']);
    a!.finish('A');
    await tick();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    b!.finish('B');
    await tick();
    c!.finish('C');
    expect(await Promise.all(answers)).toEqual(['A', 'B', 'C']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('lets work on other streams run at the same time', async () => {
    const turns = new StreamTurns();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => heldWork(log, name));
    const answers = [turns.run('product-1', a!.work), turns.run('product-2', b!.work)];
    await tick();
    expect(log).toEqual(['a starts', 'b starts']);
    expect(turns.busyStreams).toBe(2);
    b!.finish('B');
    a!.finish('A');
    expect(await Promise.all(answers)).toEqual(['A', 'B']);
  });

  it('passes the turn on after a failure, which only its own caller sees', async () => {
    const turns = new StreamTurns();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => heldWork(log, name));
    const first = turns.run('product-1', a!.work);
    const second = turns.run('product-1', b!.work);
    await tick();
    a!.fail(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await tick();
    expect(log).toEqual(['a starts', 'b starts']);
    b!.finish('B');
    expect(await second).toBe('B');
  });

  it('forgets a stream once its last turn has ended', async () => {
    const turns = new StreamTurns();
    await turns.run('product-1', async () => 1);
    await tick();
    expect(turns.busyStreams).toBe(0);
    await Promise.all([turns.run('product-1', async () => 1), turns.run('product-1', async () => 2)]);
    await tick();
    expect(turns.busyStreams).toBe(0);
  });

  it('keeps the line when an earlier turn ends while later ones wait: a newcomer still queues', async () => {
    const turns = new StreamTurns();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldWork(log, name));
    const first = turns.run('product-1', a!.work);
    const second = turns.run('product-1', b!.work);
    a!.finish('A');
    await first;
    await tick();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    const third = turns.run('product-1', c!.work);
    await tick();
    expect(log).toEqual(['a starts', 'a ends', 'b starts']);
    b!.finish('B');
    await second;
    await tick();
    c!.finish('C');
    expect(await third).toBe('C');
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});

describe('retryPause', () => {
  const policy = { firstPauseMs: 2, longestPauseMs: 50 };
  it('retries at once after the first refusal, then waits up to a ceiling that doubles', () => {
    const atMost = (failed: number) => retryPause(policy, failed, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(atMost)).toEqual([0, 2, 4, 8, 16, 32, 50, 50]);
  });

  it('draws each pause at random below the ceiling, so losers do not come back in step', () => {
    expect(retryPause(policy, 4, () => 0.25)).toBe(2);
    expect(retryPause(policy, 4, () => 0)).toBe(0);
  });
});
