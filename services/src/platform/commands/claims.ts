import { type EventData, type EventStore, NO_STREAM, WrongExpectedVersion } from '@shop/contracts';
import { readStreamOrEmpty } from './aggregate-stream';

/**
 * Claim streams: a value that must be unique across the shop (an e-mail, an affiliate code, an
 * idempotency key) is owned by whoever appends `ValueClaimed` to the stream named after it first.
 * The expected revision makes the race safe on every adapter; `ValueReleased` gives it back.
 */

/** Who holds a value now, as its claim stream says. */
export interface Claim {
  /** The owner's id (a user, an order); undefined when nobody holds it. */
  ownerId: string | undefined;
  claimedAt: string | undefined;
  /** Revision of the stream's last event, -1 when it has none. */
  revision: number;
}

/** A claim stream nobody has written yet. */
export const UNCLAIMED: Claim = Object.freeze({ ownerId: undefined, claimedAt: undefined, revision: -1 });

export async function readClaim(store: EventStore, stream: string): Promise<Claim> {
  const claim: Claim = { ...UNCLAIMED };
  for (const event of await readStreamOrEmpty(store, stream)) {
    claim.revision = event.revision;
    if (event.type === 'ValueClaimed') {
      const data = event.data as EventData<'ValueClaimed'>;
      claim.ownerId = data.ownerId;
      claim.claimedAt = data.at;
    } else if (event.type === 'ValueReleased') {
      claim.ownerId = undefined;
      claim.claimedAt = undefined;
    }
  }
  return claim;
}

export interface ClaimChange {
  value: string;
  ownerId: string;
  /** ISO time of the change. */
  at: string;
  /** Who issued the command, for the events' metadata. */
  actor: string;
}

/**
 * Takes the value for `ownerId` over the claim as it was read: releasing the previous owner's claim
 * in the same append when there was one. False when someone wrote the stream since (re-read and
 * decide again).
 */
export async function takeClaim(
  store: EventStore,
  stream: string,
  read: Claim,
  change: ClaimChange,
): Promise<boolean> {
  const { value, ownerId, at, actor } = change;
  const events = [
    ...(read.ownerId ? [released(value, read.ownerId, at)] : []),
    { type: 'ValueClaimed', data: { value, ownerId, at } satisfies EventData<'ValueClaimed'> },
  ];
  return appendUnlessRaced(store, stream, read, events, actor);
}

/**
 * Gives the value up if `ownerId` still holds it (as `read`, or as the stream says now); losing a
 * race here leaves nothing to undo.
 */
export async function releaseClaim(
  store: EventStore,
  stream: string,
  change: ClaimChange,
  read?: Claim,
): Promise<void> {
  const claim = read ?? (await readClaim(store, stream));
  if (claim.ownerId !== change.ownerId) return;
  await appendUnlessRaced(
    store,
    stream,
    claim,
    [released(change.value, change.ownerId, change.at)],
    change.actor,
  );
}

function released(value: string, ownerId: string, at: string) {
  return { type: 'ValueReleased', data: { value, ownerId, at } satisfies EventData<'ValueReleased'> };
}

async function appendUnlessRaced(
  store: EventStore,
  stream: string,
  read: Claim,
  events: { type: string; data: unknown }[],
  actor: string,
): Promise<boolean> {
  try {
    await store.append(
      stream,
      events.map((event) => ({ ...event, metadata: { actor } })),
      { expectedRevision: read.revision === -1 ? NO_STREAM : read.revision },
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return false;
    throw error;
  }
}
