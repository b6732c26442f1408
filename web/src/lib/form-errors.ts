import type { z } from 'zod';
import { ApiError } from './api';

/** Field name (path joined with dots, as the server names them) to its first message. */
export type FieldErrors = Readonly<Record<string, string>>;

/** The first problem of each field of a failed zod parse, keyed like the server's `fields`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The fields a 400 answer named, so the form can show each message under its input. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map(({ field, message }) => [field, message]));
}
