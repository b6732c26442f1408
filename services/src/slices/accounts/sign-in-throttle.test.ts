import { describe, expect, it } from 'vitest';
import { SignInThrottle, TOO_MANY_ATTEMPTS } from './sign-in-throttle';

function throttle() {
  let now = Date.parse('2024-05-02T08:00:00Z');
  const limiter = new SignInThrottle(() => new Date(now), { perEmail: 3, perAddress: 5, windowMs: 60_000 });
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('sign-in throttle', () => {
  it('refuses an e-mail after its failed attempts, until the window passes', () => {
    const { limiter, advance } = throttle();
    for (let i = 0; i < 3; i++) limiter.attempt('a@x.pk', '1.1.1.1');
    expect(() => limiter.attempt('a@x.pk', '2.2.2.2')).toThrow(TOO_MANY_ATTEMPTS);
    expect(() => limiter.attempt('b@x.pk', '1.1.1.1')).not.toThrow();
    advance(60_001);
    expect(() => limiter.attempt('a@x.pk', '1.1.1.1')).not.toThrow();
  });

  it('refuses an address that tries many e-mails', () => {
    const { limiter } = throttle();
    for (let i = 0; i < 5; i++) limiter.attempt(`user${i}@x.pk`, '1.1.1.1');
    expect(() => limiter.attempt('fresh@x.pk', '1.1.1.1')).toThrow(TOO_MANY_ATTEMPTS);
    expect(() => limiter.attempt('fresh@x.pk', '9.9.9.9')).not.toThrow();
  });

  it('forgets an e-mail’s failures and the attempt after a successful sign-in', () => {
    const { limiter } = throttle();
    limiter.attempt('a@x.pk', '1.1.1.1');
    limiter.attempt('a@x.pk', '1.1.1.1');
    limiter.attempt('a@x.pk', '1.1.1.1');
    limiter.succeeded('a@x.pk', '1.1.1.1');
    limiter.attempt('a@x.pk', '1.1.1.1');
    limiter.attempt('a@x.pk', '1.1.1.1');
    expect(() => limiter.attempt('a@x.pk', '1.1.1.1')).not.toThrow();
    for (let i = 0; i < 20; i++) {
      limiter.attempt('ok@x.pk', '3.3.3.3');
      limiter.succeeded('ok@x.pk', '3.3.3.3');
    }
    expect(() => limiter.attempt('ok@x.pk', '3.3.3.3')).not.toThrow();
  });
});
