import { type EventData, type EventStore, NO_STREAM, streams, WrongExpectedVersion } from '@shop/contracts';
import { readStreamOrEmpty } from '../../platform/commands/handle-command';
import { conflict } from '../../platform/errors';

/** The `Idempotency-Key` header: 1 to 100 letters, digits, `_` or `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const ALREADY_BEING_PLACED =
  'This order is already being placed. Please wait a moment and check your orders.';

export interface IdempotencyDeps {
  store: EventStore;
  clock: () => Date;
  /** How long a retry waits for the first attempt to finish before answering 409. */
  waitForFirstMs?: number;
  /** A claim whose order never appeared may be taken over once this old (a crash mid-order). */
  orphanAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Either this request now owns the key for `orderId`, or an earlier request placed `orderId`. */
export type KeyOutcome = { kind: 'claimed' } | { kind: 'replay'; orderId: string };

/** Who holds a key now, as its claim stream says. */
export interface Claim {
  orderId: string | undefined;
  claimedAt: string | undefined;
  /** Revision of the claim stream's last event, -1 when there is none. */
  revision: number;
}

const ATTEMPTS = 3;

/**
 * Claims a user's idempotency key for a new order id, before any stock is reserved. When the key
 * already names an order that exists, answers a replay of it. When that order is still being
 * placed, waits briefly for it; if it does not appear, answers 409, unless the claim is old enough
 * to be a crash's leftover, which is then taken over.
 */
export async function claimIdempotencyKey(
  deps: IdempotencyDeps,
  userId: string,
  key: string,
  orderId: string,
  /** The claim as the caller just read it: when free, the first attempt appends without reading again. */
  justRead?: Claim,
): Promise<KeyOutcome> {
  const stream = streams.idempotencyClaim(userId, key);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // Taken since it was read? The append's expected revision refuses it, and the next attempt reads.
    const reuse = attempt === 0 && justRead !== undefined && justRead.orderId === undefined;
    const claim = reuse ? justRead : await readClaim(deps.store, stream);
    if (claim.orderId) {
      const age = deps.clock().getTime() - Date.parse(claim.claimedAt ?? '');
      const orphaned = age >= (deps.orphanAfterMs ?? 3 * 60_000);
      if (await waitForOrder(deps, claim.orderId, orphaned ? 0 : (deps.waitForFirstMs ?? 3_000))) {
        return { kind: 'replay', orderId: claim.orderId };
      }
      if (!orphaned) throw conflict(ALREADY_BEING_PLACED);
    }
    const at = deps.clock().toISOString();
    const events = [
      ...(claim.orderId ? [released(key, claim.orderId, at)] : []),
      {
        type: 'ValueClaimed',
        data: { value: key, ownerId: orderId, at } satisfies EventData<'ValueClaimed'>,
      },
    ];
    try {
      await deps.store.append(
        stream,
        events.map((e) => ({ ...e, metadata: { actor: userId } })),
        { expectedRevision: claim.revision === -1 ? NO_STREAM : claim.revision },
      );
      return { kind: 'claimed' };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  throw conflict(ALREADY_BEING_PLACED);
}

/** The key's claim as the log has it now; `orderId` undefined when no request holds it. */
export function readIdempotencyClaim(deps: IdempotencyDeps, userId: string, key: string): Promise<Claim> {
  return readClaim(deps.store, streams.idempotencyClaim(userId, key));
}

/**
 * Gives the key back after the order was refused, so a retry runs again instead of replaying a
 * refusal. Only while the key still names this order; losing a race here leaves nothing to undo.
 */
export async function releaseIdempotencyKey(
  deps: IdempotencyDeps,
  userId: string,
  key: string,
  orderId: string,
): Promise<void> {
  const stream = streams.idempotencyClaim(userId, key);
  const claim = await readClaim(deps.store, stream);
  if (claim.orderId !== orderId) return;
  try {
    await deps.store.append(
      stream,
      [{ ...released(key, orderId, deps.clock().toISOString()), metadata: { actor: userId } }],
      { expectedRevision: claim.revision },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}

/** Polls the log for the order; real time, not the injected clock: this is a wait, not a rule. */
async function waitForOrder(deps: IdempotencyDeps, orderId: string, waitMs: number): Promise<boolean> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + waitMs;
  for (;;) {
    if ((await readStreamOrEmpty(deps.store, streams.order(orderId))).length > 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
}

function released(value: string, ownerId: string, at: string) {
  return { type: 'ValueReleased', data: { value, ownerId, at } satisfies EventData<'ValueReleased'> };
}

async function readClaim(store: EventStore, stream: string): Promise<Claim> {
  const claim: Claim = { orderId: undefined, claimedAt: undefined, revision: -1 };
  for (const event of await readStreamOrEmpty(store, stream)) {
    claim.revision = event.revision;
    if (event.type === 'ValueClaimed') {
      const data = event.data as EventData<'ValueClaimed'>;
      claim.orderId = data.ownerId;
      claim.claimedAt = data.at;
    } else if (event.type === 'ValueReleased') {
      claim.orderId = undefined;
      claim.claimedAt = undefined;
    }
  }
  return claim;
}
