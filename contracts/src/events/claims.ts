import { z } from 'zod';
import { at, id } from './fields';

/** Claim streams (`email-…`, `affiliate-code-…`, `idempotency-…`): whoever appends first owns the value. */
export const ValueClaimed = z.object({ value: z.string(), ownerId: id, at });
export const ValueReleased = z.object({ value: z.string(), ownerId: id, at });
