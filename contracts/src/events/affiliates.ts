import { z } from 'zod';
import { at, id } from './fields';

export const AffiliateRequested = z.object({ requestId: id, userId: id, at });
export const AffiliateApproved = z.object({ requestId: id, userId: id, code: z.string(), by: id, at });
export const AffiliateRejected = z.object({ requestId: id, userId: id, by: id, at });
