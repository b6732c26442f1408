import type { EmailVerifiedAnswer } from '@shop/contracts';
import { streams } from '@shop/contracts';
import { handleCommand } from '../../platform/commands/handle-command';
import { badRequest } from '../../platform/errors';
import { type AccountDeps, type NewAccount, registerWithHash, verificationExpiry } from './account-commands';
import { userDecider, VERIFY_LINK } from './decide';
import { releaseEmail } from './email-claims';
import { emailLinkToken, readEmailLinkToken } from './email-link-token';
import { reclaimDecider } from './email-reclaim';
import { hashPassword } from './passwords';
import type { RegisteredUser } from './user';

export interface EmailOwnershipDeps extends AccountDeps {
  signingKey: Uint8Array;
}

export const EMAIL_VERIFIED = 'Thank you: your e-mail address is verified.';
export const EMAIL_CLAIMED =
  'Your e-mail address is verified and your account is ready. Sign in with the password you chose.';
export const CLAIM_SENT =
  'An account that never verified this e-mail address holds it. We have sent a link to the address: open it to verify that it is yours, and your account will be made with it.';

/** A verification link's token names the user and the request. */
export const verificationToken = (key: Uint8Array, userId: string, requestId: string) =>
  emailLinkToken(key, 'verify', `${userId}_${requestId}`);

/** Mails a new verification link to the user's current address (409 once it is verified). */
export async function askEmailVerification(deps: AccountDeps, userId: string): Promise<void> {
  const now = deps.clock();
  await handleCommand(
    deps,
    userDecider,
    streams.user(userId),
    {
      type: 'RequestEmailVerification',
      userId,
      requestId: deps.newId(),
      expiresAt: verificationExpiry(now),
      at: now.toISOString(),
    },
    { actor: userId },
  );
}

/**
 * Someone registers with an address an unverified account holds: the registration waits, password
 * hashed, on its own stream, and a claim link goes to the address. Nothing is signed in.
 */
export async function requestReclaim(deps: AccountDeps, account: NewAccount, heldBy: string): Promise<void> {
  const requestId = deps.newId();
  const now = deps.clock();
  await handleCommand(
    deps,
    reclaimDecider,
    streams.emailReclaim(requestId),
    {
      type: 'RequestReclaim',
      request: {
        requestId,
        email: account.email,
        heldBy,
        name: account.name,
        contact: account.contact,
        passwordHash: await hashPassword(account.password),
        expiresAt: verificationExpiry(now),
        at: now.toISOString(),
      },
    },
    { actor: 'system' },
  );
}

/**
 * Follows a link mailed to prove an address: a verification marks the account's address verified;
 * a claim takes the address from the unverified account holding it and registers the claimant with
 * it, verified. A forged, used, superseded or expired link answers 400 saying which.
 */
export async function followEmailLink(deps: EmailOwnershipDeps, token: string): Promise<EmailVerifiedAnswer> {
  const link = readEmailLinkToken(deps.signingKey, token);
  if (!link) throw badRequest(VERIFY_LINK.invalid, 'token');
  if (link.purpose === 'claim') return completeReclaim(deps, link.subject);
  const [userId, requestId, ...rest] = link.subject.split('_');
  if (!userId || !requestId || rest.length > 0) throw badRequest(VERIFY_LINK.invalid, 'token');
  const { state } = await handleCommand(
    deps,
    userDecider,
    streams.user(userId),
    { type: 'VerifyEmail', userId, requestId, at: deps.clock().toISOString() },
    { actor: userId },
  );
  return { message: EMAIL_VERIFIED, email: (state as RegisteredUser).email, outcome: 'verified' };
}

async function completeReclaim(deps: EmailOwnershipDeps, requestId: string): Promise<EmailVerifiedAnswer> {
  const userId = deps.newId();
  const at = deps.clock().toISOString();
  const { state } = await handleCommand(
    deps,
    reclaimDecider,
    streams.emailReclaim(requestId),
    { type: 'CompleteReclaim', requestId, userId, at },
    { actor: 'system' },
  );
  if (state.status !== 'completed') throw badRequest(VERIFY_LINK.invalid, 'token');
  const { email, heldBy, name, contact, passwordHash } = state.request;
  // The squatter loses the address (and every session); its claim stream is given up, then taken.
  await handleCommand(
    deps,
    userDecider,
    streams.user(heldBy),
    { type: 'WithdrawEmail', userId: heldBy, email, reclaimedBy: userId, at },
    { actor: userId },
  );
  await releaseEmail(deps, email, heldBy, userId);
  await registerWithHash(
    deps,
    { name, email, contact, passwordHash },
    { userId, actor: userId, emailProof: { kind: 'link', requestId } },
  );
  return { message: EMAIL_CLAIMED, email, outcome: 'claimed' };
}
