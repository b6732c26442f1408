import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

function counting() {
  let calls = 0;
  return {
    compute: (value: unknown) => () => {
      calls += 1;
      return value;
    },
    get calls() {
      return calls;
    },
  };
}

describe('AnswerCache', () => {
  it('computes an answer once while the version stands, and again once it moves', () => {
    let version = 'v1';
    const cache = new AnswerCache({ version: () => version });
    const count = counting();
    expect(cache.json('a', count.compute({ n: 1 }))).toBe('{"n":1}');
    expect(cache.json('a', count.compute({ n: 2 }))).toBe('{"n":1}');
    expect(count.calls).toBe(1);
    version = 'v2';
    expect(cache.json('a', count.compute({ n: 3 }))).toBe('{"n":3}');
    expect(count.calls).toBe(2);
  });

  it('keeps nothing from a computation that throws, or one during which the version moved', () => {
    let version = 1;
    const cache = new AnswerCache({ version: () => String(version) });
    expect(() =>
      cache.json('missing', () => {
        throw new Error('Product not found');
      }),
    ).toThrow('Product not found');
    expect(cache.size).toBe(0);
    expect(
      cache.json('written', () => {
        version += 1;
        return 'fresh';
      }),
    ).toBe('"fresh"');
    expect(cache.size).toBe(0);
  });

  it('drops the oldest answers beyond its entry and size limits, and never keeps an oversized one', () => {
    const cache = new AnswerCache({ version: () => 'v', maxEntries: 2, maxChars: 100 });
    cache.json('a', () => 'a');
    cache.json('b', () => 'b');
    cache.json('c', () => 'c');
    expect(cache.size).toBe(2);
    const count = counting();
    cache.json('a', count.compute('a again'));
    expect(count.calls).toBe(1);
    cache.json('big', () => 'x'.repeat(20));
    cache.json('big', count.compute('x'.repeat(20)));
    expect(count.calls).toBe(2);
  });
});
