import type { ErrorBody } from '@shop/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { isStoreUnavailable } from './write-health';

const codeByStatus: Record<number, ErrorBody['code']> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The one error path: every error becomes `{ message, code, fields? }` with its status. */
export function errorResponse(error: unknown, c: Context, logger: Logger): Response {
  const { status, body } = toErrorBody(error);
  if (status >= 500) logger.error('request failed', { method: c.req.method, path: c.req.path, error });
  return c.json(body, status, error instanceof AppError ? error.headers : undefined);
}

export function toErrorBody(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
    };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return {
      status,
      body: {
        message: humanMessage(error),
        code: codeByStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED'),
      },
    };
  }
  if (isStoreUnavailable(error)) {
    return {
      status: 503,
      body: {
        message: 'The shop cannot save changes right now. Nothing was changed; please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      },
    };
  }
  return {
    status: 500,
    body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
  };
}

function humanMessage(error: HTTPException): string {
  if (/malformed json/i.test(error.message)) return 'The request body is not valid JSON.';
  return error.message || 'The request could not be handled.';
}
