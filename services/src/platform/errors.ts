import type { ErrorCode, FieldError } from '@shop/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error a caller can act on: it carries its HTTP status and stable code, and its message is
 * written for a person. `app.onError` turns it into the JSON error shape; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** Response headers the error needs, e.g. `Retry-After` on a 429. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationFailed = (fields: FieldError[], message?: string) =>
  new AppError(400, 'VALIDATION_FAILED', message ?? describeFields(fields), fields);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, field ? [{ field, message }] : undefined);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const payloadTooLarge = (message = 'The request is too large.') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
/** Every 429 says when to come back: `Retry-After` in whole seconds, at least 1. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = (message: string) => new AppError(503, 'SERVICE_UNAVAILABLE', message);

function describeFields(fields: FieldError[]): string {
  const [first, ...rest] = fields;
  if (!first) return 'The request is not valid.';
  const lead = first.field ? `${first.field}: ${first.message}` : first.message;
  return rest.length === 0 ? lead : `${lead} (and ${rest.length} more)`;
}
