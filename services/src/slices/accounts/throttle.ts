import { tooManyRequests } from '../../platform/errors';

/**
 * How one kind of key (a client's network, an account at a network, an e-mail) is slowed down.
 * Attempts fill a leaky bucket: each counted attempt adds one, and one is forgotten every
 * `forgetOneEveryMs`, so a trickle never adds up. The first `free` wait for nothing; beyond them
 * the next attempt waits `firstDelayMs` after the last, doubling with each one more, up to `maxDelayMs`.
 */
export interface ThrottleRule {
  free: number;
  forgetOneEveryMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** Each rule's key for one attempt, e.g. `{ network: '203.0.113.7', accountAtNetwork: '...' }`. */
export type ThrottleKeys<Rule extends string> = Readonly<Record<Rule, string>>;

interface Entry {
  /** Attempts counted, as they stood at `at`. */
  level: number;
  /** When the last attempt was counted (epoch ms). */
  at: number;
  /** Attempts begun and not finished: counted as failures until they are. */
  pending: number;
}

/** Above this many tracked keys, the ones with nothing left to remember are dropped. */
const SWEEP_ABOVE = 10_000;
/** Beyond this many doublings every delay is `maxDelayMs` anyway. */
const MAX_DOUBLINGS = 30;

/**
 * Counts attempts per key in memory and answers 429 with `Retry-After` while a key must wait.
 * Each shop instance counts its own (decision 016 says what that leaves an attacker).
 */
export class Throttle<Rule extends string> {
  private readonly entries = new Map<string, Entry>();
  private sweepAbove: number;

  constructor(
    private readonly clock: () => Date,
    private readonly rules: Readonly<Record<Rule, ThrottleRule>>,
    /** The 429's message, given the wait in words ("2 minutes"). */
    private readonly refusal: (wait: string) => string,
    private readonly sweepThreshold = SWEEP_ABOVE,
  ) {
    this.sweepAbove = sweepThreshold;
  }

  /** Keys tracked now (for tests and monitoring). */
  get size(): number {
    return this.entries.size;
  }

  /** Counts an attempt that always counts (a registration, a reset request); 429 when it must wait. */
  take(keys: ThrottleKeys<Rule>): void {
    const now = this.refuseWhileWaiting(keys);
    for (const rule of this.ruleNames()) this.count(rule, keys[rule], now);
  }

  /**
   * Runs a check (a password comparison) that counts against the keys when it answers false.
   * While it runs it counts as a failure, so concurrent guesses cannot slip past; a success is not
   * counted, and forgives the keys of `forgiveOnSuccess`. A check that throws counts nothing.
   */
  async guard(
    keys: ThrottleKeys<Rule>,
    check: () => Promise<boolean>,
    forgiveOnSuccess: readonly Rule[] = [],
  ): Promise<boolean> {
    this.refuseWhileWaiting(keys);
    for (const rule of this.ruleNames()) this.entry(rule, keys[rule]).pending += 1;
    let outcome: boolean | undefined;
    try {
      outcome = await check();
      return outcome;
    } finally {
      const now = this.clock().getTime();
      for (const rule of this.ruleNames()) {
        const key = this.keyOf(rule, keys[rule]);
        const entry = this.entries.get(key)!;
        entry.pending -= 1;
        if (outcome === false) this.count(rule, keys[rule], now);
        else if (outcome === true && forgiveOnSuccess.includes(rule)) entry.level = 0;
        if (this.isSpent(rule, entry, now)) this.entries.delete(key);
      }
    }
  }

  /** Forgets a key of one rule, e.g. an account's failures at a network once its password is reset. */
  forgive(rule: Rule, key: string): void {
    const entry = this.entries.get(this.keyOf(rule, key));
    if (entry) entry.level = 0;
  }

  /** The current time, after throwing 429 when any key must still wait. */
  private refuseWhileWaiting(keys: ThrottleKeys<Rule>): number {
    const now = this.clock().getTime();
    if (this.entries.size > this.sweepAbove) this.sweep(now);
    let wait = 0;
    for (const rule of this.ruleNames()) {
      const entry = this.entries.get(this.keyOf(rule, keys[rule]));
      if (entry) wait = Math.max(wait, this.waitMs(this.rules[rule], entry, now));
    }
    if (wait > 0) throw tooManyRequests(this.refusal(inWords(wait)), wait / 1000);
    return now;
  }

  private waitMs(rule: ThrottleRule, entry: Entry, now: number): number {
    const counted = Math.ceil(levelAt(rule, entry, now)) + entry.pending;
    if (counted < rule.free) return 0;
    const doublings = Math.min(counted - rule.free, MAX_DOUBLINGS);
    const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
    const since = entry.pending > 0 ? now : entry.at;
    return Math.max(0, since + delay - now);
  }

  private count(rule: Rule, key: string, now: number): void {
    const entry = this.entry(rule, key);
    entry.level = levelAt(this.rules[rule], entry, now) + 1;
    entry.at = now;
  }

  private entry(rule: Rule, key: string): Entry {
    const name = this.keyOf(rule, key);
    let entry = this.entries.get(name);
    if (!entry) {
      entry = { level: 0, at: this.clock().getTime(), pending: 0 };
      this.entries.set(name, entry);
    }
    return entry;
  }

  private isSpent(rule: Rule, entry: Entry, now: number): boolean {
    return entry.pending === 0 && levelAt(this.rules[rule], entry, now) === 0;
  }

  private sweep(now: number): void {
    for (const [name, entry] of this.entries) {
      const rule = name.slice(0, name.indexOf(':')) as Rule;
      if (this.isSpent(rule, entry, now)) this.entries.delete(name);
    }
    // Sweep again only once the map has doubled: a map full of live keys is not rescanned per attempt.
    this.sweepAbove = Math.max(this.sweepThreshold, 2 * this.entries.size);
  }

  private keyOf(rule: Rule, key: string): string {
    return `${rule}:${key}`;
  }

  private ruleNames(): Rule[] {
    this.names ??= Object.keys(this.rules) as Rule[];
    return this.names;
  }

  private names: Rule[] | undefined;
}

function levelAt(rule: ThrottleRule, entry: Entry, now: number): number {
  return Math.max(0, entry.level - (now - entry.at) / rule.forgetOneEveryMs);
}

/** A wait as a person reads it: whole seconds under a minute, else whole minutes, rounded up. */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
