import { COURIER_NAMES, type CourierId } from '@shop/contracts';
import type { z } from 'zod';
import { CourierRefused, CourierUnavailable } from './courier';

/** A courier's answer: its HTTP status and its body, JSON when it was JSON, else undefined. */
export interface CourierAnswer {
  status: number;
  json: unknown;
  contentType: string;
}

/**
 * One call to a courier with a timeout. The network, a timeout and 5xx or 429 answers throw
 * CourierUnavailable; every other answer is handed back for the adapter to read, since couriers put
 * their verdict in the body (PostEx answers 200 with a failure inside).
 */
export async function callCourier(
  courier: CourierId,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<CourierAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${init.timeoutMs} ms`
        : (error as Error).message;
    throw new CourierUnavailable(courier, `${courierName(courier)} could not be reached: ${cause}`);
  }
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status >= 500 || response.status === 429) {
    throw new CourierUnavailable(
      courier,
      `${courierName(courier)} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    );
  }
  return { status: response.status, json, contentType };
}

/** Parses an answer with its schema; an answer of another shape is no answer at all. */
export function readAnswer<T>(courier: CourierId, schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'the answer';
    throw new CourierUnavailable(
      courier,
      `${courierName(courier)} gave an answer the shop cannot read for ${what} (${where}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

/** A refusal in the courier's words. */
export function refused(courier: CourierId, what: string, message: string): CourierRefused {
  return new CourierRefused(courier, `${courierName(courier)} refused ${what}: ${message}`);
}

export function courierName(courier: CourierId): string {
  return COURIER_NAMES[courier];
}

/**
 * A courier's time as an ISO instant. Both couriers write Karachi wall time, with `+0500` or with no
 * offset at all (which then means Karachi, UTC+5 all year); an unreadable one is `fallback`.
 */
export function karachiTime(text: string | undefined, fallback: string): string {
  if (!text) return fallback;
  const trimmed = text.trim().replace(' ', 'T');
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const withOffset = hasOffset ? trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : `${trimmed}+05:00`;
  const at = Date.parse(withOffset);
  return Number.isNaN(at) ? fallback : new Date(at).toISOString();
}
