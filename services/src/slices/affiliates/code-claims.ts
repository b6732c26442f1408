import { type EventStore, streams } from '@shop/contracts';
import { releaseClaim, takeClaim, UNCLAIMED } from '../../platform/commands/claims';
import { conflict } from '../../platform/errors';

export interface CodeClaimDeps {
  store: EventStore;
  clock: () => Date;
}

const ATTEMPTS = 10;

/**
 * Claims a fresh affiliate code for a user through its claim stream (NO_STREAM: whoever appends
 * first owns it), drawing a new code on every clash. A code is never reused, even once released.
 */
export async function claimNewAffiliateCode(
  deps: CodeClaimDeps,
  userId: string,
  actor: string,
  newCode: () => string,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = newCode().toUpperCase();
    const change = { value: code, ownerId: userId, at: deps.clock().toISOString(), actor };
    if (await takeClaim(deps.store, streams.affiliateCodeClaim(code), UNCLAIMED, change)) return code;
  }
  throw conflict('Could not issue a unique affiliate code. Please try again.');
}

/** Gives back a code claimed for an approval that did not happen; a lost race leaves nothing to undo. */
export async function releaseAffiliateCode(
  deps: CodeClaimDeps,
  code: string,
  userId: string,
  actor: string,
): Promise<void> {
  const change = { value: code, ownerId: userId, at: deps.clock().toISOString(), actor };
  const claimedJustNow = { ownerId: userId, claimedAt: change.at, revision: 0 };
  await releaseClaim(deps.store, streams.affiliateCodeClaim(code), change, claimedJustNow);
}
