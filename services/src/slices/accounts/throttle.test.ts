import { describe, expect, it } from 'vitest';
import { inWords } from './throttle';
import { aThrottle, refusal, right, wrong } from './throttle-test-kit';

describe('a throttle rule', () => {
  const rule = { free: 3, forgetOneEveryMs: 3_600_000, firstDelayMs: 1_000, maxDelayMs: 8_000 };

  it('lets the free attempts through, then makes each next one wait twice as long, up to the cap', () => {
    const { throttle, advance } = aThrottle({ network: rule });
    const take = () => throttle.take({ network: '10.0.0.1' });
    for (let i = 0; i < 3; i++) expect(refusal(take)).toBe('allowed');
    for (const delay of [1_000, 2_000, 4_000, 8_000, 8_000, 8_000]) {
      expect(refusal(take)).toEqual({ message: `Wait ${inWords(delay)}.`, retryAfter: String(delay / 1000) });
      advance(delay - 1);
      expect(refusal(take)).toEqual({ message: 'Wait 1 second.', retryAfter: '1' });
      advance(1);
      expect(refusal(take)).toBe('allowed');
    }
  });

  it('forgets one attempt every period: a key that paused is free again, one that did not is not', () => {
    const slow = { free: 2, forgetOneEveryMs: 10_000, firstDelayMs: 60_000, maxDelayMs: 60_000 };
    const { throttle, advance } = aThrottle({ network: slow });
    const take = () => throttle.take({ network: '10.0.0.1' });
    take();
    take();
    expect(refusal(take)).toEqual({ message: 'Wait 1 minute.', retryAfter: '60' });
    advance(9_999);
    expect(refusal(take)).toEqual({ message: 'Wait 51 seconds.', retryAfter: '51' });
    advance(1);
    expect(refusal(take)).toBe('allowed');
    expect(refusal(take)).toEqual({ message: 'Wait 1 minute.', retryAfter: '60' });
    // Two periods later both are forgotten: two free attempts again, not three.
    advance(20_000);
    take();
    take();
    expect(refusal(take)).toEqual({ message: 'Wait 1 minute.', retryAfter: '60' });
  });

  it('counts a trickle slower than the forgetting as nothing', () => {
    const { throttle, advance } = aThrottle({ network: { ...rule, forgetOneEveryMs: 60_000 } });
    for (let i = 0; i < 100; i++) {
      expect(refusal(() => throttle.take({ network: '10.0.0.1' }))).toBe('allowed');
      advance(60_000);
    }
  });

  it('waits from the last counted attempt, not the first', () => {
    const { throttle, advance } = aThrottle({ network: rule });
    const take = () => throttle.take({ network: '10.0.0.1' });
    take();
    advance(5_000);
    take();
    advance(5_000);
    take();
    advance(999);
    expect(refusal(take)).toEqual({ message: 'Wait 1 second.', retryAfter: '1' });
  });
});

describe('what the throttle remembers', () => {
  const rule = { free: 1, forgetOneEveryMs: 60_000, firstDelayMs: 60_000, maxDelayMs: 60_000 };

  it('drops a key as soon as a success leaves nothing to remember', async () => {
    const { throttle } = aThrottle({ network: rule, account: rule });
    await throttle.guard({ network: 'n', account: 'a' }, right, ['account']);
    expect(throttle.size).toBe(0);
    await throttle.guard({ network: 'n', account: 'a' }, wrong);
    expect(throttle.size).toBe(2);
  });

  it('sweeps keys whose attempts are all forgotten once it tracks many, and keeps the live ones', () => {
    const { throttle, advance } = aThrottle({ network: rule }, 3);
    for (const key of ['a', 'b', 'c']) throttle.take({ network: key });
    advance(60_000);
    throttle.take({ network: 'd' });
    expect(throttle.size).toBe(4);
    advance(59_999);
    // Four tracked, over the threshold of 3: a, b and c are forgotten, d is not.
    expect(refusal(() => throttle.take({ network: 'd' }))).toEqual({
      message: 'Wait 1 second.',
      retryAfter: '1',
    });
    expect(throttle.size).toBe(1);
    throttle.take({ network: 'e' });
    expect(throttle.size).toBe(2);
  });

  it('keeps a key whose check is in flight through a sweep, and counts its failure when it ends', async () => {
    const { throttle, advance } = aThrottle({ network: rule }, 2);
    let finish: (ok: boolean) => void = () => {};
    const inFlight = throttle.guard(
      { network: 'a' },
      () => new Promise<boolean>((resolve) => (finish = resolve)),
    );
    for (const key of ['b', 'c']) throttle.take({ network: key });
    advance(60_000);
    // Three tracked, over the threshold of 2: b and c are forgotten; a, in flight, is not.
    throttle.take({ network: 'd' });
    expect(throttle.size).toBe(2);
    finish(false);
    expect(await inFlight).toBe(false);
    expect(refusal(() => throttle.take({ network: 'a' }))).toEqual({
      message: 'Wait 1 minute.',
      retryAfter: '60',
    });
  });

  it('does not rescan a map of live keys on every attempt: it waits until the map has doubled', () => {
    const { throttle, advance } = aThrottle({ network: rule }, 2);
    for (const key of ['a', 'b', 'c']) throttle.take({ network: key });
    throttle.take({ network: 'd' });
    // The sweep at 3 kept all three; the next one waits for more than 6.
    advance(60_000);
    for (const key of ['e', 'f']) throttle.take({ network: key });
    expect(throttle.size).toBe(6);
    throttle.take({ network: 'g' });
    expect(throttle.size).toBe(7);
    throttle.take({ network: 'h' });
    expect(throttle.size).toBe(4);
  });
});

describe('inWords', () => {
  it('rounds up to whole seconds under a minute and to whole minutes above', () => {
    expect([1, 999, 1_000, 1_001, 59_000, 59_001, 60_000, 60_001, 120_000, 900_000].map(inWords)).toEqual([
      '1 second',
      '1 second',
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '1 minute',
      '2 minutes',
      '2 minutes',
      '15 minutes',
    ]);
    expect(inWords(0)).toBe('1 second');
  });
});
