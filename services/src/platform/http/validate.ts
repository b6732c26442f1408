import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { validationFailed } from '../errors';

/**
 * The zod validator with our error shape: a failure throws VALIDATION_FAILED naming each field.
 * Read the result with `c.req.valid(target)`.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationFailed(
        result.error.issues.map((issue) => ({
          field: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
    }
  });
