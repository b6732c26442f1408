import { tooManyRequests } from '../../platform/errors';

export interface ThrottleLimits {
  /** Failures allowed per e-mail within the window. */
  perEmail: number;
  /** Failures allowed per client address within the window. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: ThrottleLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** Above this many tracked keys, expired entries are swept on the next failure. */
const SWEEP_THRESHOLD = 10_000;

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/**
 * Counts failed sign-ins per e-mail and per client address in a sliding window, in memory.
 * Each shop instance counts its own; that bounds guessing per instance, which is the point.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: () => Date,
    private readonly limits: ThrottleLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /**
   * Counts a sign-in attempt before its password is checked, so concurrent guesses cannot slip
   * past the limit; throws 429 when the e-mail or the address has used up its failures.
   */
  attempt(email: string, address: string): void {
    const keys = [`email:${email}`, `address:${address}`] as const;
    const [byEmail, byAddress] = keys.map((key) => this.recent(key)) as [number[], number[]];
    if (byEmail.length >= this.limits.perEmail || byAddress.length >= this.limits.perAddress) {
      throw tooManyRequests(TOO_MANY_ATTEMPTS);
    }
    if (this.failures.size > SWEEP_THRESHOLD) this.sweep();
    const now = this.clock().getTime();
    this.failures.set(keys[0], [...byEmail, now]);
    this.failures.set(keys[1], [...byAddress, now]);
  }

  /** The attempt was right: forget the e-mail's failures and this attempt of the address. */
  succeeded(email: string, address: string): void {
    this.failures.delete(`email:${email}`);
    const byAddress = this.failures.get(`address:${address}`);
    byAddress?.pop();
    if (byAddress?.length === 0) this.failures.delete(`address:${address}`);
  }

  private recent(key: string): number[] {
    const since = this.clock().getTime() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) {
      const recent = this.recent(key);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}
