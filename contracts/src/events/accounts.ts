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
/**
 * A link to prove the user holds `email` was sent for; the token is `emailLinkToken(key, 'verify',
 * requestId)`, never stored. Until the address is verified the shop sends it nothing else.
 */
export const EmailVerificationRequested = z.object({
  userId: id,
  requestId: id,
  email: z.string(),
  expiresAt: at,
  at,
});
/**
 * The user followed a link mailed to `email` (a verification, claim or reset link, `requestId`), or
 * the operator vouched for it (`requestId` null: the first admin): she holds it.
 */
export const EmailVerified = z.object({ userId: id, email: z.string(), requestId: id.nullable(), at });
/**
 * Someone registered with an address an unverified account holds: the would-be account waits on its
 * own stream (`streams.emailReclaim`) until the link mailed to the address is followed.
 */
export const EmailReclaimRequested = z.object({
  requestId: id,
  email: z.string(),
  heldBy: id,
  name: z.string(),
  contact: z.string(),
  passwordHash: z.string(),
  expiresAt: at,
  at,
});
/** The reclaim's link was followed and the new account registered as `userId`. */
export const EmailReclaimCompleted = z.object({ requestId: id, userId: id, at });
/**
 * The user lost an address she never verified to its owner, who proved she holds it: the account
 * keeps its orders and has no e-mail (so no sign-in by it) until she sets another.
 */
export const EmailWithdrawn = z.object({ userId: id, email: z.string(), reclaimedBy: id, at });
