import { streams } from '@shop/contracts';
import { findPasswordResetRequest, type ReadModelsDb } from '@shop/projections';
import { handleCommand } from '../../platform/commands/handle-command';
import { badRequest } from '../../platform/errors';
import type { AccountDeps } from './account-commands';
import { RESET_LINK, resetLinkProblem, userDecider } from './decide';
import { loadUser } from './load-user';
import { hashPassword } from './passwords';
import { requestIdOfResetToken } from './reset-token';
import type { RegisteredUser } from './user';

/** A reset link works this long after it was asked for. */
export const RESET_LINK_VALID_MS = 60 * 60_000;

export interface PasswordResetDeps extends AccountDeps {
  readModels: ReadModelsDb;
  signingKey: Uint8Array;
}

/**
 * Records that the user asked for a reset. The link's token is derived from the request's id
 * (`passwordResetToken`), never stored; the mail processor sends it from this event.
 */
export async function handleRequestPasswordReset(deps: AccountDeps, userId: string): Promise<string> {
  const requestId = deps.newId();
  const now = deps.clock();
  await handleCommand(
    deps,
    userDecider,
    streams.user(userId),
    {
      type: 'RequestPasswordReset',
      userId,
      requestId,
      expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MS).toISOString(),
      at: now.toISOString(),
    },
    { actor: 'system' },
  );
  return requestId;
}

/**
 * Sets a new password with a reset link's token, once: the link is then used, and every session of
 * the user ends. A forged, unknown, used, superseded or expired link answers 400 saying which.
 */
export async function handleResetPassword(
  deps: PasswordResetDeps,
  token: string,
  password: string,
): Promise<RegisteredUser> {
  const requestId = requestIdOfResetToken(deps.signingKey, token);
  const request = requestId ? findPasswordResetRequest(deps.readModels, { requestId }) : undefined;
  if (!requestId || !request) throw badRequest(RESET_LINK.invalid, 'token');
  // Refuse a dead link before spending a password hash on it; the command checks again.
  const problem = resetLinkProblem(
    await loadUser(deps.store, request.userId),
    requestId,
    deps.clock().toISOString(),
  );
  if (problem) throw badRequest(problem, 'token');
  const passwordHash = await hashPassword(password);
  const { state } = await handleCommand(
    deps,
    userDecider,
    streams.user(request.userId),
    {
      type: 'ResetPassword',
      userId: request.userId,
      requestId,
      passwordHash,
      at: deps.clock().toISOString(),
    },
    { actor: request.userId },
  );
  return state as RegisteredUser;
}
