import { type EventStore, streams } from '@shop/contracts';
import { type Claim, readClaim, releaseClaim, takeClaim } from '../../platform/commands/claims';
import { conflict } from '../../platform/errors';
import { loadUser } from './load-user';

export const EMAIL_TAKEN = 'An account with this e-mail already exists.';

/**
 * A claim left behind by a crash (the claimant's user never got, or no longer has, this e-mail)
 * may be taken over once it is this old; younger ones may belong to a registration in flight.
 */
const ORPHAN_AFTER_MS = 60_000;
const ATTEMPTS = 3;

export interface ClaimDeps {
  store: EventStore;
  clock: () => Date;
}

/** Who owns an e-mail now, according to its claim stream. */
export async function findEmailOwner(store: EventStore, email: string): Promise<string | undefined> {
  return (await readClaim(store, streams.emailClaim(email))).ownerId;
}

/**
 * Claims an e-mail (lower-cased) for a user: whoever appends first owns it. Claiming one's own
 * e-mail again is a no-op. Throws 409 when someone else owns it.
 */
export async function claimEmail(
  deps: ClaimDeps,
  email: string,
  ownerId: string,
  actor: string,
): Promise<void> {
  const stream = streams.emailClaim(email);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const claim = await readClaim(deps.store, stream);
    if (claim.ownerId === ownerId) return;
    if (claim.ownerId && !(await isOrphaned(deps, claim, email))) throw conflict(EMAIL_TAKEN);
    const change = { value: email, ownerId, at: deps.clock().toISOString(), actor };
    if (await takeClaim(deps.store, stream, claim, change)) return;
  }
  throw conflict(EMAIL_TAKEN);
}

/** Gives an e-mail up, if the user still owns it; losing a race here leaves nothing to undo. */
export async function releaseEmail(
  deps: ClaimDeps,
  email: string,
  ownerId: string,
  actor: string,
): Promise<void> {
  const change = { value: email, ownerId, at: deps.clock().toISOString(), actor };
  await releaseClaim(deps.store, streams.emailClaim(email), change);
}

async function isOrphaned(deps: ClaimDeps, claim: Claim, email: string): Promise<boolean> {
  const age = deps.clock().getTime() - Date.parse(claim.claimedAt ?? '');
  if (!(age >= ORPHAN_AFTER_MS)) return false;
  const owner = await loadUser(deps.store, claim.ownerId!);
  return owner.status !== 'registered' || owner.email !== email;
}
