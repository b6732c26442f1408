import { badRequest, tooManyRequests } from '../errors';

/**
 * The last moment `asOf` may name: its day in Pakistan (UTC+5) must still fall in year 9999, the
 * last a calendar date of four digits can hold (9999-12-31T19:00Z is already 10000-01-01 there).
 */
const LAST_ANSWERABLE = Date.UTC(9999, 11, 31, 19) - 1;

export const AS_OF_IN_FUTURE = 'asOf is later than now: the log cannot hold that moment yet.';
export const AS_OF_TOO_LATE = 'asOf is beyond the last date the shop can answer for (9999-12-31).';
export const REPLAY_RUNNING =
  'A replay of the log you asked for is still running. Please wait for it before asking for another.';

/** Admins with a replay running, per shop (keyed by its clock, one per shop). */
const running = new WeakMap<() => Date, Set<string>>();

/**
 * Answers from the log replayed up to `asOf`, refusing a moment the log cannot have (later than now,
 * or past year 9999: 400 on `asOf`) and a second replay by the same admin while one runs (429): each
 * replay reads the log from its start, and a handful at once would hold the server for minutes.
 */
export async function replayAsOf<T>(
  deps: { clock: () => Date },
  adminId: string,
  asOf: string,
  replay: (then: Date) => Promise<T>,
): Promise<T> {
  const then = new Date(asOf);
  if (!(then.getTime() <= LAST_ANSWERABLE)) throw badRequest(AS_OF_TOO_LATE, 'asOf');
  // The log stamps its events with the wall clock: that, not the shop's clock, says what it can hold.
  if (then.getTime() > Date.now()) throw badRequest(AS_OF_IN_FUTURE, 'asOf');
  let admins = running.get(deps.clock);
  if (!admins) {
    admins = new Set();
    running.set(deps.clock, admins);
  }
  if (admins.has(adminId)) throw tooManyRequests(REPLAY_RUNNING, 5);
  admins.add(adminId);
  try {
    return await replay(then);
  } finally {
    admins.delete(adminId);
  }
}
