import { describe, expect, it } from 'vitest';
import { SignInThrottle, TOO_MANY_ATTEMPTS } from './sign-in-throttle';

function throttle() {
  let now = Date.parse('2024-05-02T08:00:00Z');
  const limiter = new SignInThrottle(() => new Date(now), { perEmail: 3, perAddress: 5, windowMs: 60_000 });
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('sign-in throttle', () => {
  it('refuses an e-mail after its failures, until the window passes', () => {
    const { limiter, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      limiter.check('a@x.pk', '1.1.1.1');
      limiter.recordFailure('a@x.pk', '1.1.1.1');
    }
    expect(() => limiter.check('a@x.pk', '2.2.2.2')).toThrow(TOO_MANY_ATTEMPTS);
    expect(() => limiter.check('b@x.pk', '1.1.1.1')).not.toThrow();
    advance(60_001);
    expect(() => limiter.check('a@x.pk', '1.1.1.1')).not.toThrow();
  });

  it('refuses an address that tries many e-mails', () => {
    const { limiter } = throttle();
    for (let i = 0; i < 5; i++) limiter.recordFailure(`user${i}@x.pk`, '1.1.1.1');
    expect(() => limiter.check('fresh@x.pk', '1.1.1.1')).toThrow(TOO_MANY_ATTEMPTS);
    expect(() => limiter.check('fresh@x.pk', '9.9.9.9')).not.toThrow();
  });

  it('forgets an e-mail’s failures after a successful sign-in', () => {
    const { limiter } = throttle();
    limiter.recordFailure('a@x.pk', '1.1.1.1');
    limiter.recordFailure('a@x.pk', '1.1.1.1');
    limiter.recordSuccess('a@x.pk');
    limiter.recordFailure('a@x.pk', '1.1.1.1');
    limiter.recordFailure('a@x.pk', '1.1.1.1');
    expect(() => limiter.check('a@x.pk', '1.1.1.1')).not.toThrow();
  });
});
