/**
 * How many messages of one kind a mailbox may be sent: `perWindow` at once, one more each
 * `windowMs / perWindow` after that (a leaky bucket), so a steady trickle never exceeds the rate.
 */
export interface MailboxCapRule {
  perWindow: number;
  windowMs: number;
}

interface Level {
  sent: number;
  at: number;
}

/** Above this many tracked mailboxes, the ones with nothing left to remember are dropped. */
const SWEEP_ABOVE = 10_000;

/**
 * Caps what the shop sends to one mailbox, silently: the caller's request is still answered as
 * usual, the message just is not sent. Whoever asks is not refused (that would let an attacker make
 * the owner wait); the mailbox is not flooded either. Counts in each instance's memory.
 */
export class MailboxCap {
  private readonly levels = new Map<string, Level>();

  constructor(
    private readonly clock: () => Date,
    private readonly rule: MailboxCapRule,
  ) {}

  /** True, and counted, when one more message may go to `mailbox` now; false when the cap is reached. */
  admit(mailbox: string): boolean {
    const now = this.clock().getTime();
    if (this.levels.size > SWEEP_ABOVE) this.sweep(now);
    const key = mailbox.toLowerCase();
    const level = this.levelAt(this.levels.get(key), now);
    if (level + 1 > this.rule.perWindow) return false;
    this.levels.set(key, { sent: level + 1, at: now });
    return true;
  }

  private levelAt(level: Level | undefined, now: number): number {
    if (!level) return 0;
    const forgetOneEveryMs = this.rule.windowMs / this.rule.perWindow;
    return Math.max(0, level.sent - (now - level.at) / forgetOneEveryMs);
  }

  private sweep(now: number): void {
    for (const [key, level] of this.levels) if (this.levelAt(level, now) === 0) this.levels.delete(key);
  }
}
