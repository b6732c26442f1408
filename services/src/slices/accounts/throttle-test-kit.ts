import { AppError } from '../../platform/errors';
import { Throttle, type ThrottleRule } from './throttle';

/** A throttle on a clock the test moves, and readers of the refusals it answers. */

const START = Date.parse('2024-05-02T08:00:00Z');

export function aThrottle<Rule extends string>(rules: Record<Rule, ThrottleRule>, sweepThreshold?: number) {
  let now = START;
  const throttle = new Throttle(
    () => new Date(now),
    rules,
    (wait) => `Wait ${wait}.`,
    sweepThreshold,
  );
  return {
    throttle,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The 429 an attempt meets (its message and Retry-After), or 'allowed'. */
export function refusal(
  attempt: () => unknown,
): { message: string; retryAfter: string | undefined } | 'allowed' {
  try {
    attempt();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    return { message: error.message, retryAfter: error.headers?.['Retry-After'] };
  }
}

export async function refusalOf(attempt: () => Promise<unknown>) {
  try {
    await attempt();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    return { message: error.message, retryAfter: error.headers?.['Retry-After'] };
  }
}

export const wrong = async () => false;
export const right = async () => true;
