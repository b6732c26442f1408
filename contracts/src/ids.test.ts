import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The millisecond timestamp a version 7 UUID carries in its first 48 bits. */
const timeOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('is an RFC 9562 version 7 UUID carrying the time it was made', () => {
    const at = Date.UTC(2026, 10, 23, 14, 30);
    const id = uuidv7(at);
    expect(id).toMatch(V7);
    expect(timeOf(id)).toBe(at);
    expect(new Date(timeOf(uuidv7())).getUTCFullYear()).toBeGreaterThanOrEqual(2026);
  });

  it('sorts in the order the ids were made, also within one millisecond and when the clock steps back', () => {
    // Later than any id made before in this file: the generator never goes back on its own last id.
    const at = Date.UTC(2030, 0, 1);
    const ids = [
      ...Array.from({ length: 5_000 }, () => uuidv7(at)),
      uuidv7(at - 60_000),
      uuidv7(at + 1),
      uuidv7(at + 10_000),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(V7);
    // 5,000 ids in one millisecond overflow its 4,096 counts and borrow the following milliseconds.
    expect(timeOf(ids[0]!)).toBe(at);
    expect(timeOf(ids[4_999]!)).toBeGreaterThan(at);
    // The clock stepped back a minute: the id still sorts after the last one.
    expect(timeOf(ids[5_000]!)).toBeGreaterThanOrEqual(at);
  });

  it('keeps 62 random bits: ids made in the same millisecond differ beyond the counter', () => {
    const at = Date.UTC(2031, 0, 1);
    const tails = new Set(Array.from({ length: 1_000 }, () => uuidv7(at).slice(19)));
    expect(tails.size).toBe(1_000);
  });
});
