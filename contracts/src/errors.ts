import { z } from 'zod';

/** Stable error codes carried by every error response (docs/rules/api.md#error-codes). */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  'PRICE_CHANGED',
  /** Cash on delivery refused to a customer past the refusal limit (cash-on-delivery.ts). */
  'COD_NOT_AVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One field's problem, path joined with dots (e.g. `orderItems.0.qty`). */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The JSON body of every error response. */
export const ErrorBody = z.object({
  message: z.string(),
  code: ErrorCode,
  fields: z.array(FieldError).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
