import { describe, expect, it } from 'vitest';
import { AsyncGroupCommitQueue, GroupCommitQueue, type Outcome } from './group-commit';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommitQueue (SQLite: one transaction per turn of the event loop)', () => {
  it('writes what arrives in one turn as one batch, and answers each caller its own outcome', async () => {
    const batches: number[][] = [];
    const queue = new GroupCommitQueue<number, number>((requests) => {
      batches.push(requests);
      return requests.map(
        (n): Outcome<number> =>
          n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, result: n * 10 },
      );
    });
    const answers = await Promise.allSettled([queue.submit(1), queue.submit(-2), queue.submit(3)]);
    expect(batches).toEqual([[1, -2, 3]]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('refused -2') },
      { status: 'fulfilled', value: 30 },
    ]);
    expect(await queue.submit(4)).toBe(40);
    expect(batches).toEqual([[1, -2, 3], [4]]);
  });

  it('fails every request of a batch that failed as a whole', async () => {
    const queue = new GroupCommitQueue<number, number>(() => {
      throw new Error('disk I/O error');
    });
    const answers = await Promise.allSettled([queue.submit(1), queue.submit(2)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('AsyncGroupCommitQueue (PostgreSQL: one round trip per batch, one batch in flight)', () => {
  /** A store whose batches end when the test says so. */
  function aStore() {
    const batches: number[][] = [];
    const ends: (() => void)[] = [];
    const queue = new AsyncGroupCommitQueue<number, number>(
      (requests) =>
        new Promise((resolve, reject) => {
          batches.push(requests);
          ends.push(() =>
            requests.includes(0)
              ? reject(new Error('connection lost'))
              : resolve(
                  requests.map(
                    (n): Outcome<number> =>
                      n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, result: n * 10 },
                  ),
                ),
          );
        }),
    );
    return { queue, batches, endBatch: (i: number) => ends[i]!() };
  }

  it('sends what arrived while a batch was in flight as the next batch, one batch at a time', async () => {
    const { queue, batches, endBatch } = aStore();
    const first = [queue.submit(1), queue.submit(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const second = [queue.submit(3), queue.submit(-4), queue.submit(5)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    endBatch(0);
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, -4, 5],
    ]);
    endBatch(1);
    expect(await Promise.allSettled(second)).toEqual([
      { status: 'fulfilled', value: 30 },
      { status: 'rejected', reason: new Error('refused -4') },
      { status: 'fulfilled', value: 50 },
    ]);
  });

  it('fails every request of a batch that failed as a whole, and goes on with the next', async () => {
    const { queue, batches, endBatch } = aStore();
    const lost = [queue.submit(0), queue.submit(1)];
    await tick();
    const next = queue.submit(2);
    endBatch(0);
    expect((await Promise.allSettled(lost)).map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    await tick();
    endBatch(1);
    expect(await next).toBe(20);
    expect(batches).toEqual([[0, 1], [2]]);
  });

  it('drains: everything submitted so far is written before it settles', async () => {
    const { queue, batches, endBatch } = aStore();
    const answer = queue.submit(7);
    const drained = queue.drain();
    await tick();
    expect(batches).toEqual([[7]]);
    endBatch(0);
    await drained;
    expect(await answer).toBe(70);
  });
});
