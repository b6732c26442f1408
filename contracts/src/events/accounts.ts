import { z } from 'zod';
import { at, id } from './fields';

export const UserRegistered = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  passwordHash: z.string(),
  isAdmin: z.boolean(),
  at,
});
export const UserProfileChanged = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  at,
});
export const UserPasswordChanged = z.object({ userId: id, passwordHash: z.string(), at });
export const UserRoleChanged = z.object({ userId: id, isAdmin: z.boolean(), at });
/** One session (one token) ended by signing out; remembered until the token would have expired anyway. */
export const UserSignedOut = z.object({ userId: id, sessionId: id, expiresAt: at, at });
/**
 * Every session of the user issued before this ends, except `keptSessionId`, the one that made the
 * change (null: none is kept, as after a password reset). Each one raises the user's session version.
 */
export const UserSessionsEnded = z.object({ userId: id, keptSessionId: id.nullable(), at });
/** A password reset was asked for. The token is never stored: it is `passwordResetToken(key, requestId)`. */
export const PasswordResetRequested = z.object({
  userId: id,
  requestId: id,
  email: z.string(),
  expiresAt: at,
  at,
});
/** The reset link of `requestId` was used; the new password is the UserPasswordChanged beside it. */
export const PasswordResetCompleted = z.object({ userId: id, requestId: id, at });
