/**
 * How a command keeps trying after another process wrote its stream first (WrongExpectedVersion):
 * until a deadline rather than a number of attempts, since how many rounds a crowd needs depends on
 * the crowd, and with pauses that grow and are drawn at random, so the losers of one round do not
 * all come back in step and collide again.
 */
export interface RetryPolicy {
  /** Time after the first attempt past which no new attempt starts. */
  deadlineMs: number;
  /** The ceiling of the second pause; each later ceiling doubles, up to `longestPauseMs`. */
  firstPauseMs: number;
  longestPauseMs: number;
  /** The error answered once the deadline has passed. */
  gaveUp: () => Error;
}

/**
 * The pause before attempt `failedAttempts + 1`: none after the first refusal (a stale cached fold is
 * the usual cause, and reading the stream's tail settles it), then "full jitter": a random time up to
 * a ceiling that doubles with every refusal.
 */
export function retryPause(
  policy: Pick<RetryPolicy, 'firstPauseMs' | 'longestPauseMs'>,
  failedAttempts: number,
  random: () => number = Math.random,
): number {
  if (failedAttempts <= 1) return 0;
  const ceiling = Math.min(policy.longestPauseMs, policy.firstPauseMs * 2 ** (failedAttempts - 2));
  return random() * ceiling;
}
