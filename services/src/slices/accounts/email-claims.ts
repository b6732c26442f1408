import { type EventData, type EventStore, NO_STREAM, streams, WrongExpectedVersion } from '@shop/contracts';
import { readStreamOrEmpty } from '../../platform/commands/handle-command';
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

interface ClaimState {
  ownerId: string | undefined;
  claimedAt: string | undefined;
  /** Revision of the claim stream's last event, -1 when it has none. */
  revision: number;
}

/** Who owns an e-mail now, according to its claim stream. */
export async function findEmailOwner(store: EventStore, email: string): Promise<string | undefined> {
  return (await readClaim(store, email)).ownerId;
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
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const claim = await readClaim(deps.store, email);
    if (claim.ownerId === ownerId) return;
    if (claim.ownerId && !(await isOrphaned(deps, claim, email))) throw conflict(EMAIL_TAKEN);
    const at = deps.clock().toISOString();
    const events = [
      ...(claim.ownerId ? [released(email, claim.ownerId, at)] : []),
      { type: 'ValueClaimed', data: { value: email, ownerId, at } satisfies EventData<'ValueClaimed'> },
    ];
    try {
      await deps.store.append(
        streams.emailClaim(email),
        events.map((e) => ({ ...e, metadata: { actor } })),
        { expectedRevision: claim.revision === -1 ? NO_STREAM : claim.revision },
      );
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
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
  const claim = await readClaim(deps.store, email);
  if (claim.ownerId !== ownerId) return;
  try {
    await deps.store.append(
      streams.emailClaim(email),
      [{ ...released(email, ownerId, deps.clock().toISOString()), metadata: { actor } }],
      { expectedRevision: claim.revision },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

function released(value: string, ownerId: string, at: string) {
  return { type: 'ValueReleased', data: { value, ownerId, at } satisfies EventData<'ValueReleased'> };
}

async function readClaim(store: EventStore, email: string): Promise<ClaimState> {
  const history = await readStreamOrEmpty(store, streams.emailClaim(email));
  const state: ClaimState = { ownerId: undefined, claimedAt: undefined, revision: -1 };
  for (const event of history) {
    state.revision = event.revision;
    if (event.type === 'ValueClaimed') {
      const data = event.data as EventData<'ValueClaimed'>;
      state.ownerId = data.ownerId;
      state.claimedAt = data.at;
    } else if (event.type === 'ValueReleased') {
      state.ownerId = undefined;
      state.claimedAt = undefined;
    }
  }
  return state;
}

async function isOrphaned(deps: ClaimDeps, claim: ClaimState, email: string): Promise<boolean> {
  const age = deps.clock().getTime() - Date.parse(claim.claimedAt ?? '');
  if (!(age >= ORPHAN_AFTER_MS)) return false;
  const owner = await loadUser(deps.store, claim.ownerId!);
  return owner.status !== 'registered' || owner.email !== email;
}
