import { describe, expect, it } from 'vitest';
import { aThrottle, refusalOf, right, wrong } from './throttle-test-kit';

describe('guarding a password check', () => {
  const rules = {
    network: { free: 4, forgetOneEveryMs: 60_000, firstDelayMs: 1_000, maxDelayMs: 60_000 },
    account: { free: 2, forgetOneEveryMs: 900_000, firstDelayMs: 30_000, maxDelayMs: 900_000 },
  };
  const at = (account: string, network = '10.0.0.1') => ({ network, account: `${account} ${network}` });

  it('counts wrong answers against every key, and refuses a key that has used its free ones', async () => {
    const { throttle } = aThrottle(rules);
    expect(await throttle.guard(at('a@x.pk'), wrong)).toBe(false);
    expect(await throttle.guard(at('a@x.pk'), wrong)).toBe(false);
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).toEqual({
      message: 'Wait 30 seconds.',
      retryAfter: '30',
    });
    // The same account from a network that has not failed, and another account here, go on.
    expect(await throttle.guard(at('a@x.pk', '10.9.9.9'), right)).toBe(true);
    expect(await throttle.guard(at('b@x.pk'), right)).toBe(true);
  });

  it('does not count a success, and forgives only the keys it is told to', async () => {
    const { throttle } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    await throttle.guard(at('b@x.pk'), wrong);
    await throttle.guard(at('c@x.pk'), wrong);
    // Signing in to one's own account between guesses must not wipe the network's failures.
    expect(await throttle.guard(at('own@x.pk'), right, ['account'])).toBe(true);
    await throttle.guard(at('d@x.pk'), wrong);
    expect(await refusalOf(() => throttle.guard(at('e@x.pk'), right))).toEqual({
      message: 'Wait 1 second.',
      retryAfter: '1',
    });
  });

  it('forgives the account at that network after a success', async () => {
    const { throttle } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    expect(await throttle.guard(at('a@x.pk'), right, ['account'])).toBe(true);
    await throttle.guard(at('a@x.pk'), wrong);
    expect(await throttle.guard(at('a@x.pk'), wrong)).toBe(false);
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).not.toBe('allowed');
  });

  it('keeps the account counted after a success that was not told to forgive it', async () => {
    const { throttle } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    await throttle.guard(at('a@x.pk'), right);
    await throttle.guard(at('a@x.pk'), wrong);
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).not.toBe('allowed');
  });

  it('counts a check in flight as a failure, so concurrent guesses cannot slip past', async () => {
    const { throttle } = aThrottle(rules);
    let finish: (ok: boolean) => void = () => {};
    const first = throttle.guard(at('a@x.pk'), () => new Promise<boolean>((resolve) => (finish = resolve)));
    const second = throttle.guard(at('a@x.pk'), wrong);
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).toEqual({
      message: 'Wait 30 seconds.',
      retryAfter: '30',
    });
    await second;
    finish(true);
    expect(await first).toBe(true);
  });

  it('counts the failure when the check ends, and nothing for a check that throws', async () => {
    const { throttle, advance } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    await throttle.guard(at('a@x.pk'), async () => {
      advance(20_000);
      return false;
    });
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).toEqual({
      message: 'Wait 30 seconds.',
      retryAfter: '30',
    });
    advance(30_000);
    await expect(
      throttle.guard(at('a@x.pk'), async () => {
        throw new Error('store down');
      }),
    ).rejects.toThrow('store down');
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), wrong))).toBe('allowed');
  });

  it('forgives nothing when a check that would forgive throws', async () => {
    const { throttle } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    await expect(
      throttle.guard(at('a@x.pk'), async () => {
        throw new Error('store down');
      }, ['account']),
    ).rejects.toThrow('store down');
    await throttle.guard(at('a@x.pk'), wrong);
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).toEqual({
      message: 'Wait 30 seconds.',
      retryAfter: '30',
    });
  });

  it('makes a guess beside one in flight wait from now, however long ago the last failure was', async () => {
    const { throttle, advance } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    // One failure, 10 minutes old (still counted: one is forgotten per 15 minutes), and one in flight.
    advance(600_000);
    let finish: (ok: boolean) => void = () => {};
    const inFlight = throttle.guard(
      at('a@x.pk'),
      () => new Promise<boolean>((resolve) => (finish = resolve)),
    );
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).toEqual({
      message: 'Wait 30 seconds.',
      retryAfter: '30',
    });
    finish(false);
    expect(await inFlight).toBe(false);
  });

  it('forgive clears one key of one rule', async () => {
    const { throttle } = aThrottle(rules);
    await throttle.guard(at('a@x.pk'), wrong);
    await throttle.guard(at('a@x.pk'), wrong);
    throttle.forgive('account', 'a@x.pk 10.0.0.2');
    expect(await refusalOf(() => throttle.guard(at('a@x.pk'), right))).not.toBe('allowed');
    throttle.forgive('account', 'a@x.pk 10.0.0.1');
    expect(await throttle.guard(at('a@x.pk'), right)).toBe(true);
  });
});
